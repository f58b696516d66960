import type { EVENT_TYPES, EVENT_VISIBILITIES } from '#core/events/event.ts'
import type { EVENT_FORM_FIELDS } from './event-form.ts'

// The event form's words: its choices, and the names of the places a problem can be, for the error
// summary ("Application type 1, question 2: Choices").

export const TYPE_LABELS: Record<(typeof EVENT_TYPES)[number], string> = {
  CHOIR_SEASON: 'Choir season',
  SINGTHROUGH: 'Sing-through',
  CONCERT: 'Concert',
  SHOW: 'Show',
  SOCIAL: 'Social',
}

export const VISIBILITY_LABELS: Record<(typeof EVENT_VISIBILITIES)[number], string> = {
  draft: 'Draft (staff only)',
  members: 'Members',
  public: 'Public',
}

export const FIELD_LABELS: Record<(typeof EVENT_FORM_FIELDS)[number], string> = {
  slug: 'Slug',
  type: 'Type',
  title: 'Title',
  showName: 'Show name',
  summary: 'Summary',
  description: 'Description',
  venue: 'Venue',
  startDate: 'Start',
  endDate: 'End',
  signupDeadline: 'Signup deadline',
  visibility: 'Visibility',
}

/** Names of the places a problem can be, for the error summary. */
const PART_LABELS: Record<string, string> = {
  label: 'Name',
  key: 'Key',
  capacity: 'Places',
  offerExpiryDays: 'Days to answer an offer',
  infoPack: 'Info pack',
  id: 'Id',
  kind: 'Kind of answer',
  options: 'Choices',
  maxLength: 'Longest answer',
  help: 'Help text',
  amount: 'Amount',
  dueDate: 'Due date',
  title: 'Title',
  content: 'Page content',
  name: 'Name',
  venueAccess: 'Venue access',
  socialLinks: 'Social links',
  ticketSales: 'Ticket sales',
  cancellationsAndRefunds: 'Cancellations and refunds',
  auditionInfo: 'Audition information',
}
const ROW_LABELS: Record<string, string> = {
  applicationTypes: 'Application type',
  questions: 'question',
  paymentLines: 'payment line',
  audienceTypes: 'Audience page',
  parts: 'Part',
}
const LIST_LABELS: Record<string, string> = {
  applicationTypes: 'Application types',
  questions: 'questions',
  paymentLines: 'payment lines',
  audienceTypes: 'Audience pages',
  parts: 'Parts',
}

/** "applicationTypes.0.questions.1.options" → "Application type 1, question 2: Choices". */
export function describePath(path: string, timeZone: string): string {
  const segments = path.split('.')
  if (segments.length === 1 && segments[0]! in FIELD_LABELS)
    return fieldLabel(segments[0] as keyof typeof FIELD_LABELS, timeZone)
  const out: string[] = []
  let leaf = ''
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!
    const next = segments[i + 1]
    if (segment in ROW_LABELS && next !== undefined && /^\d+$/.test(next)) {
      out.push(`${ROW_LABELS[segment]} ${Number(next) + 1}`)
      i++
    } else if (segment in LIST_LABELS && next === 'root') {
      out.push(LIST_LABELS[segment]!)
      i++
    } else if (segment !== 'content') {
      leaf = PART_LABELS[segment] ?? segment
    }
  }
  const where = out.join(', ')
  return where && leaf ? `${where}: ${leaf}` : where || leaf
}

export const fieldLabel = (name: keyof typeof FIELD_LABELS, timeZone: string) =>
  ['startDate', 'endDate', 'signupDeadline'].includes(name)
    ? `${FIELD_LABELS[name]} (${timeZone})`
    : FIELD_LABELS[name]
