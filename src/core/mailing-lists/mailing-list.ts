import { z } from 'zod'
import { SLUG_PATTERN } from '../events/event.schemas.ts'

/** A subscriber's state on one list (listmonk's: unconfirmed until the link is followed). */
export const SUBSCRIBER_STATUSES = ['unconfirmed', 'subscribed', 'unsubscribed', 'bounced'] as const
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number]

/** Where a subscriber came from. */
export const SUBSCRIBER_SOURCES = ['widget', 'admin', 'import', 'event', 'profile', 'demo'] as const
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number]

/**
 * A message waits (scheduled) until its time, unless cancelled first; it is sending until every
 * recipient is in the outbox, then sent.
 */
export const MAILING_MESSAGE_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const
export type MailingMessageStatus = (typeof MAILING_MESSAGE_STATUSES)[number]

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  unconfirmed: 'Unconfirmed',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
}

/** Only subscribed addresses are sent to. */
export function receivesMail(status: SubscriberStatus): boolean {
  return status === 'subscribed'
}

// ---- Anti-bot and double opt-in rules (issue 15; listmonk#308, #3229) ----

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** A confirmation link works once, for 7 days; unconfirmed addresses are removed after 7 days. */
export const CONFIRMATION_TTL_MS = 7 * DAY_MS
export const UNCONFIRMED_RETENTION_MS = 7 * DAY_MS
/** At most one confirmation (or welcome) email per address per 24 h, whatever is submitted. */
export const ADDRESS_MAIL_WINDOW_SECONDS = 24 * 3600
/** A form posted sooner than this after it was shown was not filled in by a person. */
export const MIN_FILL_MS = 2000
/** Signups per IP address per minute before 429. */
export const IP_SIGNUPS_PER_MINUTE = 10
/** How long a proof-of-work challenge may be solved and submitted. */
export const CHALLENGE_TTL_MS = 20 * 60_000

/** Whether a confirmation made at `createdAt` may still be used at `now`. */
export function confirmationUsable(
  confirmation: { expiresAt: Date; usedAt: Date | null },
  now: Date,
): 'ok' | 'used' | 'expired' {
  if (confirmation.usedAt) return 'used'
  if (confirmation.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'ok'
}

/** Why a signup is refused before anything is written (the honeypot and fill time answer like success). */
export type BotVerdict = 'ok' | 'honeypot' | 'too-fast'

/** The honeypot must be empty and the form shown at least MIN_FILL_MS before it was posted. */
export function botVerdict(input: { honeypot: string; formShownAt: number; now: number }): BotVerdict {
  if (input.honeypot.trim() !== '') return 'honeypot'
  if (!Number.isFinite(input.formShownAt) || input.now - input.formShownAt < MIN_FILL_MS) return 'too-fast'
  return 'ok'
}

// ---- Inputs ----

export const emailSchema = z
  .string({ error: 'Enter an email address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter an email address.')
  .max(254, 'That email address is too long.')
  .pipe(z.email({ error: 'Enter a valid email address, like name@example.com.' }))

export const listSlugSchema = z
  .string()
  .trim()
  .min(2, 'A slug needs at least 2 characters.')
  .max(60)
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens (e.g. news).')

export const mailingListInputSchema = z.object({
  name: z.string().trim().min(1, 'Give the list a name.').max(80),
  slug: listSlugSchema,
  description: z.string().trim().max(500).default(''),
  isPublic: z.boolean().default(true),
  doubleOptIn: z.boolean().default(true),
  welcomeMessage: z.string().trim().max(5000).default(''),
})
export type MailingListInput = z.infer<typeof mailingListInputSchema>

export const subscriberNameSchema = z.string().trim().max(120).default('')

export const addSubscriberSchema = z.object({
  email: emailSchema,
  name: subscriberNameSchema,
})

/** What the widget posts. `lists` are list slugs; the widget ticks one or more public lists. */
export const signupSchema = z.object({
  email: emailSchema,
  name: subscriberNameSchema,
  lists: z
    .array(listSlugSchema)
    .min(1, 'Tick at least one list.')
    .max(20)
    .transform((l) => [...new Set(l)]),
  /** The altcha payload (base64 JSON of challenge + solution). */
  altcha: z.string().max(10_000).default(''),
  /** The honeypot: a field people do not see. */
  website: z.string().max(500).default(''),
  /** Milliseconds since the epoch when the form was shown (signed by the challenge's data). */
  formShownAt: z.number().default(0),
})
export type SignupInput = z.infer<typeof signupSchema>

export const composeSchema = z.object({
  subject: z.string().trim().min(1, 'Give the message a subject.').max(200),
  markdown: z.string().trim().min(1, 'Write the message.').max(100_000),
})

/** What a visitor is told after any accepted signup: never whether the address was already there. */
export const SIGNUP_ACCEPTED_MESSAGE =
  'Thanks! If this address can join, we have sent it an email: follow the link in it to confirm.'

// ---- Sending to several lists, later, from a template (issue 29) ----

/** The most lists one message goes to, and how far ahead a send may be scheduled. */
export const MAX_SEND_LISTS = 20
export const MAX_SCHEDULE_AHEAD_MS = 365 * DAY_MS
/** A time sooner than this is "now": send at once rather than schedule. */
export const MIN_SCHEDULE_AHEAD_MS = 60_000

export const MAILING_MESSAGE_STATUS_LABELS: Record<MailingMessageStatus, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
}

/** A message to one or more lists (`lists`: slugs, the first is the list it is sent from). */
export const sendMessageSchema = composeSchema.extend({
  lists: z
    .array(listSlugSchema)
    .min(1, 'Choose at least one list.')
    .max(MAX_SEND_LISTS, `Send to at most ${MAX_SEND_LISTS} lists at once.`)
    .transform((l) => [...new Set(l)]),
  sendAt: z.coerce.date({ error: 'Give a date and time to send it.' }).nullable().default(null),
})
export type SendMessageInput = z.infer<typeof sendMessageSchema>

/** Why a message cannot be scheduled for `sendAt` (null: it can, or it goes at once). */
export function scheduleProblem(sendAt: Date | null, now: Date): string | null {
  if (!sendAt) return null
  const ahead = sendAt.getTime() - now.getTime()
  if (ahead < MIN_SCHEDULE_AHEAD_MS) return 'Choose a time at least a minute from now, or send it now.'
  if (ahead > MAX_SCHEDULE_AHEAD_MS) return 'Schedule it at most a year ahead.'
  return null
}

/** Only a message still waiting for its time can be cancelled. */
export function canCancelMessage(status: MailingMessageStatus): boolean {
  return status === 'scheduled'
}

/**
 * Each address once across several lists: the first row per address, taking the lists in the order
 * given (its unsubscribe link is that list's). Addresses are stored lower case.
 */
export function dedupeByAddress<T extends { email: string; listId: string }>(
  rows: readonly T[],
  listOrder: readonly string[],
): T[] {
  const rank = (row: T) => {
    const i = listOrder.indexOf(row.listId)
    return i === -1 ? listOrder.length : i
  }
  const best = new Map<string, T>()
  for (const row of rows) {
    const seen = best.get(row.email)
    if (!seen || rank(row) < rank(seen)) best.set(row.email, row)
  }
  return [...best.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0))
}

/** A saved message to reuse: its name among the templates, subject and Markdown. */
export const messageTemplateSchema = composeSchema.extend({
  name: z.string().trim().min(1, 'Give the template a name.').max(80, 'Keep the name under 80 characters.'),
})
export type MessageTemplateInput = z.infer<typeof messageTemplateSchema>
