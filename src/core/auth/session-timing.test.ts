import { describe, expect, it } from 'vitest'
import {
  canReuseToken,
  decodeJwtPayload,
  isTokenCacheFresh,
  MAX_ATTEMPTS,
  refreshDelayMs,
  retryDelayMs,
  tokenExpiresAt,
} from './session-timing.ts'

/** Base64url of a value's JSON, with the browser's own functions (core runs in both places). */
function part(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** An unsigned JWT with the given payload (the client never checks signatures). */
function jwt(payload: Record<string, unknown>): string {
  return `${part({ alg: 'EdDSA' })}.${part(payload)}.signature`
}

const NOW = 1_800_000_000_000

describe('refreshDelayMs', () => {
  it.each([
    ['15 min left', 900_000, 890_000],
    ['11 s left', 11_000, 1_000],
    ['10.001 s left', 10_001, 1],
    ['exactly 10 s left', 10_000, 500],
    ['3 s left', 3_000, 500],
    ['already expired', -5_000, 500],
  ])('%s → %d ms', (_label, remaining, expected) => {
    expect(refreshDelayMs(NOW + remaining, NOW)).toBe(expected)
  })
})

describe('canReuseToken', () => {
  it.each([
    [900_000, true],
    [10_001, true],
    [10_000, true],
    [9_999, false],
    [0, false],
    [-1, false],
  ])('with %d ms left → %s', (remaining, expected) => {
    expect(canReuseToken(NOW + remaining, NOW)).toBe(expected)
  })
})

describe('isTokenCacheFresh', () => {
  it.each([
    [0, true],
    [4_999, true],
    [5_000, false],
    [60_000, false],
  ])('%d ms after the fetch → %s', (age, expected) => {
    expect(isTokenCacheFresh(NOW, NOW + age)).toBe(expected)
  })
})

describe('retryDelayMs', () => {
  it('doubles from 100 ms', () => {
    expect(Array.from({ length: MAX_ATTEMPTS - 1 }, (_, attempt) => retryDelayMs(attempt))).toEqual([
      100, 200, 400, 800, 1_600, 3_200, 6_400, 12_800, 25_600,
    ])
  })

  it('allows 10 attempts in all', () => {
    expect(MAX_ATTEMPTS).toBe(10)
  })
})

describe('decodeJwtPayload', () => {
  it('reads the payload, UTF-8 included', () => {
    expect(decodeJwtPayload(jwt({ sub: 'u1', name: 'Zoë Ångström', exp: 5 }))).toEqual({
      sub: 'u1',
      name: 'Zoë Ångström',
      exp: 5,
    })
  })

  it.each(['', 'not-a-jwt', 'a.!!!.c', `a.${part([1, 2])}.c`])('is null for %j', (value) => {
    expect(decodeJwtPayload(value)).toBeNull()
  })
})

describe('tokenExpiresAt', () => {
  it('counts the lifetime (exp - iat) from receipt, whatever the clocks say', () => {
    // The server's clock is an hour ahead of this device's.
    const serverNow = NOW / 1000 + 3_600
    expect(tokenExpiresAt(jwt({ iat: serverNow, exp: serverNow + 900 }), NOW)).toBe(NOW + 900_000)
  })

  it('falls back to exp without iat', () => {
    expect(tokenExpiresAt(jwt({ exp: NOW / 1000 + 60 }), NOW)).toBe(NOW + 60_000)
  })

  it('is null without an expiry', () => {
    expect(tokenExpiresAt(jwt({ sub: 'u1' }), NOW)).toBeNull()
    expect(tokenExpiresAt('opaque-token', NOW)).toBeNull()
  })
})
