import { z } from 'zod'
import {
  REFERENCE_PLACEHOLDER,
  REFERENCE_MAX_LENGTH,
  LONGEST_REFERENCE_CODE,
  DEFAULT_REFERENCE_FORMAT,
  MIN_ACCENT_CONTRAST,
  contrastWithWhite,
  isIanaTimeZone,
} from './society-values.ts'

/**
 * The society's own settings (issue 29, PRODUCT.md §10, decision 0039): who it is on the public
 * home, in page titles, emails and the installed app, and where members and ticket buyers send
 * money. One record; superAdmins edit it at /admin/settings.
 */

export {
  REFERENCE_PLACEHOLDER,
  REFERENCE_MAX_LENGTH,
  LONGEST_REFERENCE_CODE,
  DEFAULT_REFERENCE_FORMAT,
  MIN_ACCENT_CONTRAST,
  contrastWithWhite,
  isIanaTimeZone,
  formatReference,
} from './society-values.ts'

const referenceFormat = z
  .string()
  .trim()
  .toUpperCase()
  .refine(
    (f) => f.split(REFERENCE_PLACEHOLDER.toUpperCase()).length === 2,
    'Put {ref} in the format once, where each payer’s own code goes.',
  )
  .refine(
    (f) => /^[A-Z0-9 /.-]*$/.test(f.replace(REFERENCE_PLACEHOLDER.toUpperCase(), '')),
    'Use letters, digits, spaces, hyphens, slashes and full stops around {ref}: banks drop anything else.',
  )
  .refine(
    (f) => f.length - REFERENCE_PLACEHOLDER.length + LONGEST_REFERENCE_CODE <= REFERENCE_MAX_LENGTH,
    `Keep the text around {ref} to ${REFERENCE_MAX_LENGTH - LONGEST_REFERENCE_CODE} characters: banks carry ${REFERENCE_MAX_LENGTH}.`,
  )
  .transform((f) => f.replace(REFERENCE_PLACEHOLDER.toUpperCase(), REFERENCE_PLACEHOLDER))

/** The account members and ticket buyers pay into; all empty until the treasurer gives it. */
export const bankDetailsSchema = z
  .object({
    accountName: z.string().trim().max(120, 'Keep the account name under 120 characters.').default(''),
    sortCode: z
      .string()
      .trim()
      .regex(/^(\d{2}-\d{2}-\d{2})?$/, 'Give the sort code as 12-34-56.')
      .default(''),
    accountNumber: z
      .string()
      .trim()
      .regex(/^(\d{8})?$/, 'Give the account number as eight digits.')
      .default(''),
    referenceFormat: referenceFormat.default(DEFAULT_REFERENCE_FORMAT),
  })
  .superRefine((bank, issues) => {
    const given = [bank.accountName, bank.sortCode, bank.accountNumber].filter(Boolean).length
    if (given === 0 || given === 3) return
    for (const key of ['accountName', 'sortCode', 'accountNumber'] as const) {
      if (!bank[key]) {
        issues.addIssue({
          code: 'custom',
          path: [key],
          message: 'Give the account name, sort code and account number together, or none of them.',
        })
      }
    }
  })
export type BankDetails = z.infer<typeof bankDetailsSchema>

export const societySettingsSchema = z.object({
  name: z.string().trim().min(1, 'Give the society’s name.').max(80, 'Keep the name under 80 characters.'),
  shortName: z
    .string()
    .trim()
    .min(1, 'Give a short name, for page titles and the home screen.')
    .max(24, 'Keep the short name to 24 characters: a phone’s home screen cuts longer ones.'),
  logoUrl: z
    .string()
    .trim()
    .max(500)
    .refine(
      (u) => u === '' || /^https:\/\/[^\s"'<>]+$/.test(u),
      'Give the logo as an https:// link to an image.',
    )
    .default(''),
  accentColour: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, 'Give the colour as a hex code such as #6a21d6.')
    .refine(
      (hex) => !/^#[0-9a-f]{6}$/.test(hex) || contrastWithWhite(hex) >= MIN_ACCENT_CONTRAST,
      'Choose a darker colour: white text on it must stay readable (contrast of at least 4.5 to 1).',
    )
    .default('#6a21d6'),
  supportEmail: z.string().trim().email('Give an email address people can write to for help.'),
  timeZone: z
    .string()
    .trim()
    .refine(isIanaTimeZone, 'Give a time zone such as Europe/London.')
    .default('Europe/London'),
  bank: bankDetailsSchema.default({
    accountName: '',
    sortCode: '',
    accountNumber: '',
    referenceFormat: DEFAULT_REFERENCE_FORMAT,
  }),
})
export type SocietySettings = z.infer<typeof societySettingsSchema>
export type SocietySettingsInput = z.input<typeof societySettingsSchema>

/** The public part: what anyone may read (the home, page titles, the installed app). */
export type PublicSocietySettings = Pick<
  SocietySettings,
  'name' | 'shortName' | 'logoUrl' | 'accentColour' | 'supportEmail'
>

/** The display name of a `Name <address>` sender, or null for a bare address. */
export function senderName(mailFrom: string): string | null {
  const match = /^\s*"?([^"<]*?)"?\s*<[^>]+>\s*$/.exec(mailFrom)
  return match?.[1]?.trim() || null
}

/**
 * The settings of an install that has saved none: what it did before settings existed, read from
 * its environment (the sender name of MAIL_FROM, SUPPORT_EMAIL, SOCIETY_TIME_ZONE).
 */
export function defaultSocietySettings(env: {
  mailFrom: string
  supportEmail: string
  timeZone: string
}): SocietySettings {
  const name = senderName(env.mailFrom) ?? 'Stagedoor'
  return {
    name,
    shortName: name.slice(0, 24),
    logoUrl: '',
    accentColour: '#6a21d6',
    supportEmail: env.supportEmail,
    timeZone: env.timeZone,
    bank: { accountName: '', sortCode: '', accountNumber: '', referenceFormat: DEFAULT_REFERENCE_FORMAT },
  }
}

/**
 * Stored settings read with today's schema; a field stored before a rule existed, or broken, falls
 * back to the default rather than taking the site down.
 */
export function readSocietySettings(stored: unknown, defaults: SocietySettings): SocietySettings {
  const whole = societySettingsSchema.safeParse({ ...defaults, ...(stored as object) })
  if (whole.success) return whole.data
  const merged: Record<string, unknown> = { ...defaults }
  for (const [key, value] of Object.entries((stored ?? {}) as Record<string, unknown>)) {
    const field = societySettingsSchema.shape[key as keyof SocietySettings] as z.ZodType | undefined
    if (field?.safeParse(value).success) merged[key] = field.parse(value)
  }
  return societySettingsSchema.parse(merged)
}
