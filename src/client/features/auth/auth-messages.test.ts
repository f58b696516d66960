import { describe, expect, it } from 'vitest'
import { AuthError } from '#client/lib/auth.ts'
import { describeAuthError, describeRedirectError, emailProblem, GENERIC_ERROR } from './auth-messages.ts'

describe('describeAuthError', () => {
  it.each([
    [{ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, /not right/],
    [{ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }, /confirm your email/],
    [
      { code: 'RATE_LIMITED', message: 'x', retryAfterSeconds: 42 },
      /^Too many attempts\. Try again in 42 seconds\.$/,
    ],
    [{ code: 'NETWORK', message: 'Request Failed' }, /^Request Failed: /],
    [
      { code: 'PASSWORD_TOO_SHORT', message: 'Use at least 10 characters.' },
      /^Use at least 10 characters\.$/,
    ],
    [{ code: 'INVALID_TOKEN', message: 'This sign-in link has already been used.' }, /already been used/],
  ])('%j', ({ code, message, ...rest }, expected) => {
    expect(describeAuthError(new AuthError(message, { code, ...rest }))).toMatch(expected)
  })

  it('has a fallback for anything else', () => {
    expect(describeAuthError(new Error('boom'))).toBe(GENERIC_ERROR)
    expect(describeAuthError(undefined)).toBe(GENERIC_ERROR)
  })
})

describe('emailProblem', () => {
  it.each([
    ['', 'Enter your email address.'],
    ['   ', 'Enter your email address.'],
    ['maya', 'Enter an email address like name@example.com.'],
    ['maya@stagedoor', 'Enter an email address like name@example.com.'],
    ['maya @stagedoor.test', 'Enter an email address like name@example.com.'],
    ['member1@stagedoor.test', null],
    [' member1@stagedoor.test ', null],
  ])('%j → %s', (value, expected) => {
    expect(emailProblem(value)).toBe(expected)
  })
})

describe('describeRedirectError', () => {
  it.each([
    ['provider', /did not sign you in/],
    ['INVALID_TOKEN', /expired or was already used/],
    ['TOKEN_EXPIRED', /expired or was already used/],
    ['USER_NOT_FOUND', /no longer exists/],
    ['something-new', /did not finish/],
  ])('%s', (code, expected) => {
    expect(describeRedirectError(code)).toMatch(expected)
  })
})
