import { z } from 'zod'
import { cleanCode, PHONE_CODE_LENGTH, PHONE_MESSAGES, toE164 } from './phone.ts'

/** The code from the text as typed: PHONE_CODE_LENGTH digits spaces forgiven (cleanCode). */
export const phoneCodeSchema = z.object({
  code: z.string().refine((typed) => new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(cleanCode(typed)), {
    message: PHONE_MESSAGES.code,
  }),
})

/**
 * A mobile number as typed: one `toE164` reads (without +code, as from `country`), and not
 * `current`, the number already confirmed, when there is one.
 */
export function phoneNumberSchema(country: string, current?: string | null) {
  return z.object({
    number: z.string().superRefine((typed, ctx) => {
      const e164 = toE164(typed, country)
      if (!e164) ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid })
      else if (current && e164 === current)
        ctx.addIssue({ code: 'custom', message: 'That is already your number.' })
    }),
  })
}
