import { describe, expect, it } from 'vitest'
import { PHONE_MESSAGES } from './phone.ts'
import { phoneCodeSchema, phoneNumberSchema } from './phone.schemas.ts'

describe('the phone forms’ schemas', () => {
  it('takes a code of six digits, spaces forgiven', () => {
    expect(phoneCodeSchema.safeParse({ code: '123 456' }).success).toBe(true)
    expect(phoneCodeSchema.safeParse({ code: '123-456' }).success).toBe(false)
    const short = phoneCodeSchema.safeParse({ code: '12345' })
    expect(short.success).toBe(false)
    expect(short.error?.issues[0]?.message).toBe(PHONE_MESSAGES.code)
  })

  it('reads a number in the society’s country and refuses the one already confirmed', () => {
    expect(phoneNumberSchema('GB').safeParse({ number: '07911 123456' }).success).toBe(true)
    const notANumber = phoneNumberSchema('GB').safeParse({ number: '12345' })
    expect(notANumber.error?.issues[0]?.message).toBe(PHONE_MESSAGES.invalid)
    const same = phoneNumberSchema('GB', '+447911123456').safeParse({ number: '07911 123456' })
    expect(same.error?.issues[0]?.message).toBe('That is already your number.')
  })
})
