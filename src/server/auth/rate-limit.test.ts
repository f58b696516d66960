import { describe, expect, it } from 'vitest'
import { accountIpKey, emailKey, SIGN_IN_SLOWDOWN, slowDownMs } from './rate-limit.ts'

describe('sign-in slow-down', () => {
  it('is free for the first attempts, then grows per attempt up to its cap', () => {
    expect(slowDownMs(SIGN_IN_SLOWDOWN.free)).toBe(0)
    expect(slowDownMs(SIGN_IN_SLOWDOWN.free + 1)).toBe(SIGN_IN_SLOWDOWN.stepMs)
    expect(slowDownMs(SIGN_IN_SLOWDOWN.free + 3)).toBe(3 * SIGN_IN_SLOWDOWN.stepMs)
    expect(slowDownMs(10_000)).toBe(SIGN_IN_SLOWDOWN.maxMs)
  })

  it('keys sign-in attempts per account and address, case-insensitively', () => {
    expect(accountIpKey('/sign-in/email', ' A@B.test ', '10.0.0.1')).toBe(
      `${emailKey('/sign-in/email', 'a@b.test')}|ip:10.0.0.1`,
    )
    expect(accountIpKey('/sign-in/email', 'a@b.test', '10.0.0.1')).not.toBe(
      accountIpKey('/sign-in/email', 'a@b.test', '10.0.0.2'),
    )
  })
})
