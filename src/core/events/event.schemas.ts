import { z } from 'zod'
import { EVENT_TYPES, EVENT_VISIBILITIES } from './event.ts'
import { eventConfigSchema } from './event-config.schemas.ts'

/** URL-safe slugs: lower-case words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const slugSchema = z
  .string()
  .trim()
  .min(3, 'A slug needs at least 3 characters.')
  .max(80)
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens (e.g. winter-concert-2026).')

/** Slugs that would clash with the app's own top-level routes. */
export const RESERVED_SLUGS = [
  'admin',
  'api',
  'applications',
  'embed',
  'events',
  'listings',
  'login',
  'privacy',
  'profile',
  'social-list',
  'signup',
  'forgot-password',
  'reset-password',
  'assets',
]

export const audienceTypeSchema = z.object({
  key: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'Use lower-case letters, digits and hyphens, starting with a letter.')
    .max(40),
  title: z.string().min(1, 'Give the page a title.').max(80),
  content: z.string().max(50_000).default(''),
})

const dateTime = z.coerce.date({ error: 'Give a date and time.' })

/** What staff write when they create or edit an event; checked on both sides. */
export const eventInputSchema = z
  .object({
    slug: slugSchema.refine((s) => !RESERVED_SLUGS.includes(s), 'That slug is taken by a page of the app.'),
    type: z.enum(EVENT_TYPES),
    title: z.string().trim().min(1, 'Give the event a title.').max(120),
    showName: z.string().trim().max(120).nullable().default(null),
    summary: z.string().trim().max(300).default(''),
    description: z.string().max(50_000).default(''),
    venue: z.string().trim().max(200).default(''),
    startDate: dateTime,
    endDate: dateTime,
    signupDeadline: dateTime.nullable().default(null),
    visibility: z.enum(EVENT_VISIBILITIES).default('draft'),
    audienceTypes: z
      .array(audienceTypeSchema)
      .max(10)
      .default([])
      .refine((a) => new Set(a.map((x) => x.key)).size === a.length, 'Audience keys must be unique.'),
    eventConfig: eventConfigSchema.default(eventConfigSchema.parse({})),
  })
  .superRefine((e, ctx) => {
    if (e.endDate.getTime() < e.startDate.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end must not be before the start.' })
    }
    if (e.signupDeadline && e.signupDeadline.getTime() > e.endDate.getTime()) {
      ctx.addIssue({
        code: 'custom',
        path: ['signupDeadline'],
        message: 'The signup deadline must not be after the end.',
      })
    }
  })
export type EventInput = z.infer<typeof eventInputSchema>
export type EventInputRaw = z.input<typeof eventInputSchema>

/** Who an event is for (singers, orchestra, audience, social guests), with its own Markdown page. */
export type AudienceType = z.output<typeof audienceTypeSchema>
