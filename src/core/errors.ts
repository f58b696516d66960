/**
 * The one error type the app raises on purpose. Its code reaches GraphQL clients as
 * `extensions.code` and REST clients as `{ error: { code, message } }`; any other error is masked
 * as INTERNAL so no internals leak.
 */
export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'USER_DELETED',
  'FORBIDDEN',
  'NOT_FOUND',
  'VALIDATION',
  'CONFLICT',
  'RATE_LIMITED',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'CARD_PAYMENTS_OFF',
  'BAD_SIGNATURE',
  'INTERNAL',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** HTTP status for each code, used by REST routes and by GraphQL transport errors. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  /** The token names an account that has been deleted: the client signs out (spec §4). */
  USER_DELETED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION: 400,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  BAD_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  /** The same `Idempotency-Key` sent again with a different request. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The same `Idempotency-Key` sent again while the first request is still running. */
  IDEMPOTENCY_KEY_IN_USE: 409,
  /** Card payments asked for while STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set. */
  CARD_PAYMENTS_OFF: 409,
  /** A payment provider's webhook whose signature is missing or does not match. */
  BAD_SIGNATURE: 400,
  INTERNAL: 500,
}

export interface FieldIssue {
  path: string
  message: string
}

export class AppError extends Error {
  override readonly name = 'AppError'
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { fields?: FieldIssue[]; retryAfterSeconds?: number } = {},
  ) {
    super(message)
  }

  get status(): number {
    return HTTP_STATUS[this.code]
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}

/** The generic message every unexpected error is replaced with. */
export const INTERNAL_MESSAGE = 'Something went wrong on our side. It has been logged.'
