import type { ExecutionResult, GraphQLError, GraphQLFormattedError } from 'graphql'
import { AppError, HTTP_STATUS, INTERNAL_MESSAGE, type ErrorCode } from '#core/errors.ts'

type Log = { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void }
interface FormatContext {
  reply?: { log: Log }
  app: { log: Log }
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type. Send application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but the content type says JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_VALIDATION: 'The request body must be a JSON object with a query.',
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
    const message = (original.code && FASTIFY_MESSAGES[original.code]) ?? original.message
    return { formatted: withCode(error, code, message), status: HTTP_STATUS[code] }
  }
  log.error({ err: original }, 'unexpected error in a resolver')
  return { formatted: withCode(error, 'INTERNAL', INTERNAL_MESSAGE), status: 500 }
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
  ctx: unknown,
): { statusCode: number; response: ExecutionResult } {
  const context = ctx as FormatContext
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
      errors: classified.map((c) => c.formatted) as unknown as GraphQLError[],
    },
  }
}
