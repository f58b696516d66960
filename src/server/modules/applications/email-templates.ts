import { eq } from 'drizzle-orm'
import Mustache from 'mustache'
import { AppError } from '#core/errors.ts'
import { renderMarkdown } from '#server/content/markdown.ts'
import type { Db } from '#server/db/client.ts'
import { emailTemplates } from '#server/db/schema/index.ts'
import type { MailMessage } from '#server/mail/outbox.service.ts'

/** The emails applications send, one per transition members hear about. */
export const EMAIL_TEMPLATE_KEYS = [
  'application.submitted',
  'application.offered',
  'application.waitlisted',
  'application.rejected',
  'application.confirmed',
  'application.expired',
] as const
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number]

/** What a template may use, each as {{name}}. */
export const TEMPLATE_PLACEHOLDERS = {
  name: 'The member’s preferred name',
  eventTitle: 'The event’s title (or revealed show name)',
  applicationType: 'The application type’s label, e.g. Singer',
  offerExpiresAt: 'When the offer expires, in the society’s time zone',
  amountOwed: 'What the member owes, e.g. £25.00',
  link: 'A link to the member’s applications page',
} as const
export type TemplateValues = Partial<Record<keyof typeof TEMPLATE_PLACEHOLDERS, string>>

export interface EmailTemplate {
  key: EmailTemplateKey
  subject: string
  body: string
}

export const DEFAULT_TEMPLATES: Record<EmailTemplateKey, Omit<EmailTemplate, 'key'>> = {
  'application.submitted': {
    subject: 'We have your application for {{eventTitle}}',
    body: 'Hi {{name}},\n\nThank you for applying to **{{eventTitle}}** as {{applicationType}}. You can follow it and change your answers until the signup deadline at {{link}}.',
  },
  'application.offered': {
    subject: 'A place for you in {{eventTitle}}',
    body: 'Hi {{name}},\n\nWe would love you to join **{{eventTitle}}** as {{applicationType}}. Please accept or decline by **{{offerExpiresAt}}** at {{link}}; after that the offer lapses.',
  },
  'application.waitlisted': {
    subject: 'You are on the waiting list for {{eventTitle}}',
    body: 'Hi {{name}},\n\nThe places for {{applicationType}} in **{{eventTitle}}** are full for now, and you are on the waiting list. We will email you if a place comes up.',
  },
  'application.rejected': {
    subject: 'Your application for {{eventTitle}}',
    body: 'Hi {{name}},\n\nThank you for applying to **{{eventTitle}}**. We are sorry that we cannot offer you a place as {{applicationType}} this time.',
  },
  'application.confirmed': {
    subject: 'You are in: {{eventTitle}}',
    body: 'Hi {{name}},\n\nYou have accepted your place in **{{eventTitle}}** as {{applicationType}}. {{#amountOwed}}You owe {{amountOwed}}; the details are at {{link}}.{{/amountOwed}}',
  },
  'application.expired': {
    subject: 'Your offer for {{eventTitle}} has expired',
    body: 'Hi {{name}},\n\nThe offer of a place in **{{eventTitle}}** as {{applicationType}} was not answered in time and has lapsed. If you still want to take part, reply to this email.',
  },
}

// NOTE: values are inserted as they are (no HTML escaping): the text part is plain text, and the
// HTML part is rendered from the result as Markdown and sanitised like any other Markdown.
const render = (template: string, values: TemplateValues) =>
  Mustache.render(template, values, {}, { escape: (v: unknown) => String(v) })

/** Refuse a template Mustache cannot parse, or one using a placeholder that does not exist. */
export function checkTemplate(template: Pick<EmailTemplate, 'subject' | 'body'>): void {
  for (const [field, text] of Object.entries(template)) {
    let tokens: unknown[]
    try {
      tokens = Mustache.parse(text)
    } catch (error) {
      throw new AppError('VALIDATION', `The ${field} has a broken placeholder: ${(error as Error).message}`, {
        fields: [{ path: field, message: (error as Error).message }],
      })
    }
    for (const name of placeholderNames(tokens)) {
      if (!(name in TEMPLATE_PLACEHOLDERS)) {
        const message = `There is no placeholder {{${name}}}. Use one of: ${Object.keys(TEMPLATE_PLACEHOLDERS).join(', ')}.`
        throw new AppError('VALIDATION', message, { fields: [{ path: field, message }] })
      }
    }
  }
}

function placeholderNames(tokens: unknown[]): string[] {
  const names: string[] = []
  for (const token of tokens as [string, string, number, number, unknown[]?][]) {
    const [kind, value, , , children] = token
    if (kind === 'name' || kind === '&' || kind === '#' || kind === '^') names.push(value)
    if (Array.isArray(children)) names.push(...placeholderNames(children))
  }
  return names
}

/** A template as staff last saved it, or the default. */
export async function loadTemplate(db: Db, key: EmailTemplateKey): Promise<EmailTemplate> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.key, key))
  return row ? { key, subject: row.subject, body: row.body } : { key, ...DEFAULT_TEMPLATES[key] }
}

/** Every template, saved or default, in EMAIL_TEMPLATE_KEYS order. */
export async function listTemplates(db: Db): Promise<(EmailTemplate & { customised: boolean })[]> {
  const rows = await db.select().from(emailTemplates)
  const saved = new Map(rows.map((r) => [r.key, r]))
  return EMAIL_TEMPLATE_KEYS.map((key) => {
    const row = saved.get(key)
    return row
      ? { key, subject: row.subject, body: row.body, customised: true }
      : { key, ...DEFAULT_TEMPLATES[key], customised: false }
  })
}

/** Fill a template in: a subject, a plain-text body and its HTML. */
export function renderTemplate(template: EmailTemplate, values: TemplateValues): Omit<MailMessage, 'to'> {
  const text = render(template.body, values)
  return {
    subject: render(template.subject, values).replace(/\s+/g, ' ').trim(),
    text,
    html: renderMarkdown(text),
    template: template.key,
  }
}
