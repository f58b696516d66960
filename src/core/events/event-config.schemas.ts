import { z } from 'zod'
import {
  DEFAULT_OFFER_EXPIRY_DAYS,
  MAX_OFFER_EXPIRY_DAYS,
  MIN_OFFER_EXPIRY_DAYS,
} from '../applications/offer-expiry.ts'

/** A key of an application type or a payment line: lower-case, URL-safe. */
const key = z
  .string()
  .min(1, 'Give a key.')
  .max(40)
  .regex(/^[a-z][a-z0-9-]*$/, 'Use lower-case letters, digits and hyphens, starting with a letter.')

export const paymentLineSchema = z.object({
  key,
  label: z.string().min(1, 'Give the line a label.').max(120),
  amountPence: z.number().int().min(0).max(10_000_000),
  dueDate: z.string().date().optional(),
})
export type PaymentLine = z.infer<typeof paymentLineSchema>

/** How members pay what they owe for the event (one way per event). */
export const HOW_TO_PAY_METHODS = ['BANK_TRANSFER', 'AT_THE_DOOR', 'ONLINE'] as const
export type HowToPayMethod = (typeof HOW_TO_PAY_METHODS)[number]

export const howToPaySchema = z.object({
  method: z.enum(HOW_TO_PAY_METHODS).default('BANK_TRANSFER'),
  accountName: z.string().trim().max(120).default(''),
  sortCode: z
    .string()
    .trim()
    .regex(/^(\d{2}-?\d{2}-?\d{2})?$/, 'Give the sort code as six digits, like 12-34-56.')
    .default(''),
  accountNumber: z
    .string()
    .trim()
    .regex(/^(\d{8})?$/, 'Give the account number as eight digits.')
    .default(''),
  /** Anything else members should know (Markdown-free plain text). */
  note: z.string().trim().max(1000).default(''),
})
export type HowToPay = z.infer<typeof howToPaySchema>

/** A date in an event's schedule is a rehearsal or a performance. */
export const SCHEDULE_KINDS = ['REHEARSAL', 'PERFORMANCE'] as const
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number]

/** A rehearsal or performance of the event: attendance registers are taken per date. */
export const scheduleDateSchema = z.object({
  date: z.string().date('Give the date as YYYY-MM-DD.'),
  kind: z.enum(SCHEDULE_KINDS),
  label: z.string().trim().max(120).default(''),
})
export type ScheduleDate = z.infer<typeof scheduleDateSchema>

export const permissionsSchema = z.object({
  releaseParticipantInfoPack: z.boolean().default(false),
  releaseFinalParticipantInfo: z.boolean().default(false),
  releaseCastList: z.boolean().default(false),
})
export type EventPermissions = z.infer<typeof permissionsSchema>

export const QUESTION_KINDS = [
  'short_text',
  'long_text',
  'single_choice',
  'multi_choice',
  'voice_part',
  'instrument',
  'file',
] as const
export type QuestionKind = (typeof QUESTION_KINDS)[number]

/** One extra question on an application type's form. */
export const questionSchema = z
  .object({
    id: key,
    label: z.string().min(1, 'Write the question.').max(200),
    kind: z.enum(QUESTION_KINDS),
    required: z.boolean().default(false),
    help: z.string().max(500).optional(),
    /** The choices of a single or multi choice question. */
    options: z.array(z.string().min(1).max(120)).max(50).optional(),
    maxLength: z.number().int().positive().max(10_000).optional(),
  })
  .refine((q) => !['single_choice', 'multi_choice'].includes(q.kind) || (q.options?.length ?? 0) >= 2, {
    message: 'A choice question needs at least two options.',
    path: ['options'],
  })
export type Question = z.infer<typeof questionSchema>

export const applicationTypeSchema = z.object({
  label: z.string().min(1, 'Give the application type a name.').max(80),
  open: z.boolean().default(true),
  /**
   * Take applications while the show's name is still secret (before `revealAt`). Off by default: a
   * secret show takes applications only once it is revealed (signup.ts).
   */
  openBeforeReveal: z.boolean().default(false),
  capacity: z.number().int().positive().optional(),
  auditionRequired: z.boolean().default(false),
  /** Days a member has to accept an offer before it expires. */
  offerExpiryDays: z
    .number()
    .int()
    .min(MIN_OFFER_EXPIRY_DAYS)
    .max(MAX_OFFER_EXPIRY_DAYS)
    .default(DEFAULT_OFFER_EXPIRY_DAYS),
  /** When an offer expires or is declined, offer the place to the next on the waitlist. */
  autoOfferFromWaitlist: z.boolean().default(false),
  questions: z
    .array(questionSchema)
    .max(40)
    .default([])
    .refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, 'Question ids must be unique.'),
})
export type ApplicationTypeConfig = z.infer<typeof applicationTypeSchema>

const markdown = z.string().max(50_000)

export const contentSchema = z
  .object({
    /** Keyed by application type. */
    infoPack: z.record(key, markdown).default({}),
    venueAccess: markdown.optional(),
    socialLinks: markdown.optional(),
    ticketSales: markdown.optional(),
    cancellationsAndRefunds: markdown.optional(),
    auditionInfo: markdown.optional(),
  })
  .strict()
export type EventContent = z.infer<typeof contentSchema>

/**
 * eventConfig (PRODUCT.md §2), validated whenever it is written. Unknown keys are refused so a
 * typo cannot hide a setting.
 */
export const eventConfigSchema = z
  .object({
    permissions: permissionsSchema.default({
      releaseParticipantInfoPack: false,
      releaseFinalParticipantInfo: false,
      releaseCastList: false,
    }),
    /**
     * Releases participants have already been told of (set by the server, never by a form): turning
     * a release off and on again emails nobody twice (issue 29).
     */
    announcedReleases: z
      .array(z.enum(['infoPack', 'castList']))
      .max(2)
      .optional(),
    applicationTypes: z.record(key, applicationTypeSchema).default({}),
    /** Keyed by application type: what a member of that type pays. */
    paymentLines: z.record(key, z.array(paymentLineSchema).max(20)).default({}),
    /** How members pay the payment lines (none: by bank transfer, details to follow). */
    howToPay: howToPaySchema.optional(),
    /** Markdown content blocks; each is shown only where its release rule allows. */
    content: contentSchema.default({ infoPack: {} }),
    /** Rehearsal and performance dates, for attendance registers (unique dates). */
    schedule: z
      .array(scheduleDateSchema)
      .max(200)
      .refine((ds) => new Set(ds.map((d) => d.date)).size === ds.length, 'Schedule dates must be unique.')
      .optional(),
    /**
     * When a confirmed member still owes money on a payment line after its due date, cancel their
     * place and offer it to the next on the waitlist of their type (daily job; off unless set).
     */
    offerLapsedPlacesToWaitlist: z.boolean().optional(),
    /** Parts of the event (voice parts, characters, orchestral chairs), for casting. */
    parts: z.array(z.string().min(1, 'Give the part a name.').max(80)).max(200).default([]),
  })
  .strict()
  .superRefine((config, ctx) => {
    for (const type of Object.keys(config.paymentLines)) {
      if (!(type in config.applicationTypes)) {
        ctx.addIssue({
          code: 'custom',
          path: ['paymentLines', type],
          message: `No application type "${type}".`,
        })
      }
      const keys = config.paymentLines[type]!.map((l) => l.key)
      if (new Set(keys).size !== keys.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['paymentLines', type],
          message: 'Payment line keys must be unique.',
        })
      }
    }
    if (new Set(config.parts).size !== config.parts.length) {
      ctx.addIssue({ code: 'custom', path: ['parts'], message: 'Part names must be unique.' })
    }
  })
export type EventConfig = z.infer<typeof eventConfigSchema>

export function parseEventConfig(value: unknown): EventConfig {
  return eventConfigSchema.parse(value ?? {})
}
