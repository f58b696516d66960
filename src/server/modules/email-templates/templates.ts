import Mustache from 'mustache'
import { AppError, type FieldIssue } from '#core/errors.ts'
import { escapeMarkdown, mailSafeText } from '#core/text/mail-text.ts'
import { renderMarkdown } from '#server/content/markdown.ts'
import type { MailMessage } from '#server/mail/outbox.service.ts'

/** The emails applications send, one per transition members hear about. */
export const EMAIL_TEMPLATE_KEYS = [
  'application.submitted',
  'application.offered',
  'application.waitlisted',
  'application.rejected',
  'application.confirmed',
  'application.expired',
  'application.offerReminder',
] as const
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number]

/** A template key from the API; NOT_FOUND for anything that is not one. */
export function templateKey(key: string): EmailTemplateKey {
  const found = EMAIL_TEMPLATE_KEYS.find((k) => k === key)
  if (!found) throw new AppError('NOT_FOUND', `No email template "${key}".`)
  return found
}

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

/** A template as the admin screens show it: saved or default, with the default beside it. */
export interface EmailTemplateWithDefaults extends EmailTemplate {
  customised: boolean
  defaultSubject: string
  defaultBody: string
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
  'application.offerReminder': {
    subject: 'Your offer for {{eventTitle}} expires in 24 hours',
    body: 'Hi {{name}},\n\nYou have not yet answered the offer of a place in **{{eventTitle}}** as {{applicationType}}. It lapses on **{{offerExpiresAt}}**: please accept or decline at {{link}}.',
  },
}

// NOTE: values are inserted as they are (no HTML escaping): the text part is plain text, and the
// HTML part is rendered from the result as Markdown and sanitised like any other Markdown. The one
// typed by a member, the name, is made safe by renderTemplate first.
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

/**
 * Fill a template in: a subject, a plain-text body and its HTML. The member's name is typed text
 * (by them, or by whoever signed up with their address): it is made mail-safe (one line, cut, no
 * link), and in the HTML part escaped so that Markdown in it stays text.
 */
export function renderTemplate(
  template: Pick<EmailTemplate, 'subject' | 'body'> & { key: string },
  values: TemplateValues,
): Omit<MailMessage, 'to'> {
  const name = values.name === undefined ? {} : { name: mailSafeText(values.name) }
  const plain = { ...values, ...name }
  const text = render(template.body, plain)
  const markdown = render(
    template.body,
    name.name === undefined ? plain : { ...plain, name: escapeMarkdown(name.name) },
  )
  return {
    subject: render(template.subject, plain).replace(/\s+/g, ' ').trim(),
    text,
    html: renderMarkdown(markdown),
    template: template.key,
  }
}

const MAX_SUBJECT = 200
const MAX_BODY = 20_000

/** Refuse an empty or over-long subject or body, then anything `checkTemplate` refuses. */
export function checkTemplateInput(subject: string, body: string): void {
  const fields: FieldIssue[] = []
  if (!subject.trim()) fields.push({ path: 'subject', message: 'Enter a subject.' })
  if (subject.length > MAX_SUBJECT)
    fields.push({ path: 'subject', message: `Keep the subject under ${MAX_SUBJECT} characters.` })
  if (!body.trim()) fields.push({ path: 'body', message: 'Enter the text of the email.' })
  if (body.length > MAX_BODY)
    fields.push({ path: 'body', message: `Keep the text under ${MAX_BODY} characters.` })
  if (fields.length) throw new AppError('VALIDATION', fields[0]!.message, { fields })
  checkTemplate({ subject, body })
}

/** A template with its default beside it, as the admin screens show it. */
export function withDefaults(template: EmailTemplate, customised: boolean): EmailTemplateWithDefaults {
  return {
    ...template,
    customised,
    defaultSubject: DEFAULT_TEMPLATES[template.key].subject,
    defaultBody: DEFAULT_TEMPLATES[template.key].body,
  }
}
