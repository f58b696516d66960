import { describe, expect, it } from 'vitest'
import { AppError, ERROR_CODES, HTTP_STATUS, isAppError } from './errors.ts'

describe('AppError', () => {
  it('carries its code, message, details and HTTP status', () => {
    const error = new AppError('RATE_LIMITED', 'Slow down.', { retryAfterSeconds: 30 })
    expect(isAppError(error)).toBe(true)
    expect(error).toMatchObject({ code: 'RATE_LIMITED', message: 'Slow down.', status: 429 })
    expect(error.details.retryAfterSeconds).toBe(30)
    expect(isAppError(new Error('x'))).toBe(false)
  })

  it('maps every code to a client or server error status', () => {
    for (const code of ERROR_CODES) {
      expect(HTTP_STATUS[code]).toBeGreaterThanOrEqual(400)
    }
    expect(HTTP_STATUS.UNAUTHENTICATED).toBe(401)
    expect(HTTP_STATUS.FORBIDDEN).toBe(403)
    expect(HTTP_STATUS.NOT_FOUND).toBe(404)
    expect(HTTP_STATUS.CONFLICT).toBe(409)
    expect(HTTP_STATUS.INTERNAL).toBe(500)
  })
})
