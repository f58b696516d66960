import { describe, expect, it } from 'vitest'
import { checkPassword, PASSWORD_MESSAGES } from './password-policy.ts'

describe('checkPassword', () => {
  it.each([
    ['short1', 'TOO_SHORT'],
    ['123456789', 'TOO_SHORT'],
    ['1234567890', 'TOO_COMMON'],
    ['qwertyuiop', 'TOO_COMMON'],
    ['QwertyUiop', 'TOO_COMMON'],
    ['x'.repeat(129), 'TOO_LONG'],
    ['a-long-test-password-42', null],
    ['stagedoor-demo', null],
    ['correct horse battery staple', null],
  ])('%s → %s', (password, expected) => {
    expect(checkPassword(password)).toBe(expected)
  })

  it('has a message for every problem', () => {
    expect(Object.keys(PASSWORD_MESSAGES).sort()).toEqual(['TOO_COMMON', 'TOO_LONG', 'TOO_SHORT'])
  })
})
