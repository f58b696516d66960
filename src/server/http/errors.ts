import type { FastifyError, FastifyReply } from 'fastify'
import type { AppError, ErrorCode } from '#core/errors.ts'

/** The error code a refused HTTP status stands for, when Fastify itself refuses a request. */
export const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
}

/** Fastify's own refusals, in words a client developer can act on. */
export const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type. Send application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but the content type says JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
}

/** What a client may read of an error Fastify raised before our handler ran. */
export function fastifyClientMessage(error: FastifyError): string {
  return (error.code && FASTIFY_MESSAGES[error.code]) || error.message
}

/** Send an error as `{ error: { code, message } }` with the status its code implies. */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.details.retryAfterSeconds) reply.header('retry-after', String(error.details.retryAfterSeconds))
  return reply
    .status(error.status)
    .send({ error: { code: error.code, message: error.message, ...error.details } })
}
