import type { ExecutionResult, FormattedExecutionResult, GraphQLError, GraphQLFormattedError } from 'graphql'
import { AppError, HTTP_STATUS, INTERNAL_MESSAGE, type ErrorCode } from '#core/errors.ts'
import { CODE_BY_STATUS, FASTIFY_MESSAGES } from '#server/http/errors.ts'

type Log = { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void }
interface FormatContext {
  reply?: { log: Log }
  app: { log: Log }
}

interface Classified {
  formatted: GraphQLFormattedError
  status: number
}

type RawError = Error & { code?: string; statusCode?: number; errors?: unknown[] }

/** Decide what the client may see of one error: AppErrors keep their code, the rest are masked. */
function classify(error: GraphQLError, log: Log): Classified {
  const original = error.originalError as RawError | undefined
  if (original instanceof AppError) {
    return {
      formatted: withCode(error, original.code, original.message, original.details),
      status: original.status,
    }
  }
  // Parse and validation errors of the query itself.
  if (!original || original.name === 'GraphQLError') {
    log.info({ err: error }, 'graphql request error')
    return { formatted: withCode(error, 'BAD_REQUEST', error.message), status: 400 }
  }
  if (original.code?.startsWith('MER_ERR_GQL_QUERY_DEPTH')) {
    return { formatted: withCode(error, 'BAD_REQUEST', original.message.replace(/`/g, '')), status: 400 }
  }
  const status = original.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    log.info({ err: original }, 'graphql request refused')
    const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST'
    const message =
      original.code === 'FST_ERR_VALIDATION'
        ? 'The request body must be a JSON object with a query.'
        : ((original.code && FASTIFY_MESSAGES[original.code]) ?? original.message)
    return { formatted: withCode(error, code, message), status: HTTP_STATUS[code] }
  }
  const dataError = databaseDataError(original)
  if (dataError) {
    log.info({ err: original }, 'graphql request refused by the database')
    return {
      formatted: withCode(error, dataError.code, dataError.message),
      status: HTTP_STATUS[dataError.code],
    }
  }
  log.error({ err: original }, 'unexpected error in a resolver')
  return { formatted: withCode(error, 'INTERNAL', INTERNAL_MESSAGE), status: 500 }
}

/**
 * A value the database could not read as its column's type (SQLSTATE class 22: an ID that is not a
 * UUID, a number out of range): the client's input, not our fault. A malformed ID names nothing, so
 * it answers like a missing one (NOT_FOUND); anything else is BAD_REQUEST. Found by the GraphQL fuzz
 * test (issue 17); the transaction it happened in has rolled back.
 */
function databaseDataError(error: RawError): { code: ErrorCode; message: string } | null {
  let current: unknown = error
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) {
      return code === '22P02'
        ? { code: 'NOT_FOUND', message: 'There is no such record.' }
        : { code: 'BAD_REQUEST', message: 'A value in the request is malformed or out of range.' }
    }
    current = (current as { cause?: unknown }).cause
  }
  return null
}

function withCode(
  error: GraphQLError,
  code: ErrorCode,
  message: string,
  details: object = {},
): GraphQLFormattedError {
  return {
    message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
    extensions: { code, ...details },
  }
}

/** Format an error for a subscription or any other caller outside the HTTP formatter. */
export function formatError(error: GraphQLError, log: Log): GraphQLFormattedError {
  return classify(error, log).formatted
}

/**
 * Mercurius error formatter. Execution errors (they carry a path) answer 200 with `data` and
 * `errors`, as GraphQL over HTTP says; request errors (bad JSON, syntax, unknown operation, over a
 * limit, wrong content type) answer with the status of their code.
 */
export function errorFormatter(
  execution: ExecutionResult & { errors: readonly GraphQLError[] },
  context: FormatContext,
): { statusCode: number; response: FormattedExecutionResult } {
  const log = context.reply?.log ?? context.app.log
  const flat: GraphQLError[] = []
  for (const error of execution.errors) {
    const nested = (error.originalError as { errors?: GraphQLError[] } | undefined)?.errors
    if (Array.isArray(nested) && nested.length > 0) flat.push(...nested)
    else flat.push(error)
  }
  const classified = flat.map((e) => classify(e, log))
  const isExecution =
    classified.some((c) => c.formatted.path) || (execution.data !== undefined && execution.data !== null)
  const statusCode = isExecution ? 200 : (classified[0]?.status ?? 400)
  return {
    statusCode,
    response: {
      data: execution.data ?? null,
      // Formatted errors are what GraphQL over HTTP sends (Mercurius takes a FormattedExecutionResult).
      errors: classified.map((c) => c.formatted),
    },
  }
}
