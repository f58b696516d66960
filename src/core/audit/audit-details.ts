import { formatPence } from '../money.ts'
import { formatCalendarDate, formatDateTime } from '../text/dates.ts'

/** The parts of an audit entry's `after` worth a glance in the log, in the order they are shown. */
const SHOWN = ['eventTitle', 'eventSlug', 'status', 'mark', 'date', 'amountPence', 'reason'] as const

const LABELS: Record<(typeof SHOWN)[number], string> = {
  eventTitle: 'Event',
  eventSlug: 'Event',
  status: 'Status',
  mark: 'Marked',
  date: 'Date',
  amountPence: 'Amount',
  reason: 'Reason',
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/

/** A closed-set code in words: AWAITING_PAYMENT → "awaiting payment". */
function codeInWords(value: string): string {
  return /^[A-Z][A-Z_]*$/.test(value) ? value.toLowerCase().replace(/_/g, ' ') : value
}

function valueInWords(key: (typeof SHOWN)[number], value: unknown, timeZone?: string): string {
  if (key === 'amountPence' && typeof value === 'number') return formatPence(value)
  if (key === 'date' && typeof value === 'string') {
    if (CALENDAR_DAY.test(value)) return formatCalendarDate(value)
    if (!Number.isNaN(Date.parse(value))) return formatDateTime(value, timeZone)
  }
  return typeof value === 'string' ? codeInWords(value) : String(value)
}

/**
 * What an audit entry's `after` says, in a few words a committee member reads (the event, a
 * payment's amount, an attendance mark and its day): never a code, a pence figure or an ISO date.
 * The event's title wins over its slug when both were recorded.
 */
export function auditDetails(after: unknown, timeZone?: string): string {
  if (!after || typeof after !== 'object') return ''
  const a = after as Record<string, unknown>
  return SHOWN.filter((k) => a[k] !== undefined && a[k] !== null)
    .filter((k) => !(k === 'eventSlug' && a.eventTitle))
    .map((k) => `${LABELS[k]}: ${valueInWords(k, a[k], timeZone)}`)
    .join(', ')
}
