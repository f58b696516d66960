import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min'

/** Sign-in codes sent by text (decision 0033): 6 digits, 5 minutes, one use, 3 wrong tries void it. */
export const PHONE_CODE_LENGTH = 6
export const PHONE_CODE_SECONDS = 300
export const PHONE_CODE_ATTEMPTS = 3

/** Sends cost the society money: at most this many per number and per client address. */
export const PHONE_SEND_RULES = {
  perNumber: { window: 3600, max: 3 },
  perAddress: { window: 3600, max: 20 },
} as const

/**
 * A phone number as typed (`07911 123456`, `+44 7911 123456`, `(07911) 123-456`) in E.164
 * (`+447911123456`), reading numbers without an international prefix as from `country`; null when it
 * is not a valid number.
 */
export function toE164(input: string, country: string): string | null {
  const trimmed = input.trim()
  if (!trimmed || trimmed.length > 40) return null
  const parsed = parsePhoneNumberFromString(trimmed, country as CountryCode)
  if (!parsed || !parsed.isValid()) return null
  return parsed.number
}

/** A stored E.164 number for people to read: `+44 7911 123456`. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164
}

/** The code a member types: exactly the digits, spaces forgiven. */
export function cleanCode(input: string): string {
  return input.replace(/\s+/g, '')
}

export const PHONE_MESSAGES = {
  invalid: 'Enter a mobile number, such as 07911 123456 or +44 7911 123456.',
  code: `Enter the ${PHONE_CODE_LENGTH}-digit code from the text.`,
} as const
