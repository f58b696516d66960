import {
  ticketSaleInputSchema,
  ticketTypeInputSchema,
  type TicketAudience,
  type TicketMode,
} from '#core/tickets/tickets.ts'

/** The ticket-type form as typed: text boxes hold strings until the shared schema reads them. */
export interface TicketTypeFormValues {
  name: string
  info: string
  /** Pounds, as typed ("12.50"); required unless `free`. */
  price: string
  /** Free tickets, chosen on purpose: a blank price is never read as free (issue 27). */
  free: boolean
  quota: string
  perPersonLimit: string
  audience: TicketAudience
  mode: TicketMode
  /** ISO instants, or null for no limit. */
  saleStartsAt: string | null
  saleEndsAt: string | null
  /** Not in the shop unless a voucher code unlocks it (decision 0049). */
  hidden: boolean
}

export const EMPTY_TICKET_TYPE: TicketTypeFormValues = {
  name: '',
  info: '',
  price: '',
  free: false,
  quota: '',
  perPersonLimit: '4',
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
  saleStartsAt: null,
  saleEndsAt: null,
  hidden: false,
}

/** "12.50" → 1250; NaN for a blank or what is not an amount of money (so the schema refuses it). */
export function poundsToPence(text: string): number {
  const trimmed = text.trim().replace(/^£/, '')
  if (trimmed === '') return Number.NaN
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN
  return Math.round(Number(trimmed) * 100)
}

const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()))

/** The form's values as the API's TicketTypeInput (not yet checked). */
export function ticketTypeInput(values: TicketTypeFormValues) {
  return {
    name: values.name,
    info: values.info,
    pricePence: values.free ? 0 : poundsToPence(values.price),
    free: values.free,
    quota: whole(values.quota),
    perPersonLimit: whole(values.perPersonLimit),
    audience: values.audience,
    mode: values.mode,
    saleStartsAt: values.saleStartsAt,
    saleEndsAt: values.saleEndsAt,
    hidden: values.hidden,
  }
}

/** The form's field for each schema path. */
const FIELD_OF: Record<string, keyof TicketTypeFormValues> = {
  pricePence: 'price',
}

/**
 * Check a new ticket type with the shared schema (the server checks it again with the same one):
 * a message per form field, or none.
 */
export function ticketTypeErrors(values: TicketTypeFormValues): Record<string, string> {
  const parsed = ticketTypeInputSchema.safeParse(ticketTypeInput(values))
  if (parsed.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'name')
    const field = FIELD_OF[key] ?? key
    errors[field] ??= issue.code === 'invalid_type' ? wordingFor(field) : issue.message
  }
  return errors
}

function wordingFor(field: string): string {
  if (field === 'price') return 'Give the price in pounds, e.g. 12.50, or choose Free.'
  if (field === 'quota') return 'Give the number of tickets of this type.'
  if (field === 'perPersonLimit') return 'Give the most tickets one person may have.'
  return 'Check this field.'
}

/** The capacity as typed, checked by the shared schema; the message, or null when it is fine. */
export function capacityError(text: string): string | null {
  const parsed = ticketSaleInputSchema.shape.capacity.safeParse(whole(text))
  if (parsed.success) return null
  return parsed.error.issues[0]?.code === 'invalid_type'
    ? 'Give the number of tickets the event holds.'
    : (parsed.error.issues[0]?.message ?? 'Check the capacity.')
}

/** A server problem at `addTypes.0.quota` → the form field `quota`. */
export function formFieldOf(path: string): string {
  const key = path.replace(/^addTypes\.\d+\./, '')
  return FIELD_OF[key] ?? key
}

/** An existing type as the form shows it (the sale window is filled in by the page, in its zone). */
export function formValuesOf(type: {
  name: string
  info: string
  pricePence: number
  quota: number
  perPersonLimit: number
  audience: string
  mode: string
  hidden: boolean
}): TicketTypeFormValues {
  return {
    name: type.name,
    info: type.info,
    price: type.pricePence === 0 ? '' : (type.pricePence / 100).toFixed(2),
    free: type.pricePence === 0,
    quota: String(type.quota),
    perPersonLimit: String(type.perPersonLimit),
    audience: type.audience as TicketAudience,
    mode: type.mode as TicketMode,
    saleStartsAt: null,
    saleEndsAt: null,
    hidden: type.hidden,
  }
}

/**
 * The type's problems as react-hook-form errors at `prefix` + field (`newType.quota` in the set-up
 * form, `quota` in the editor), for a resolver. `typed` holds the sale window as ISO instants.
 */
export function ticketTypeFieldErrors(typed: TicketTypeFormValues, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ticketTypeErrors(typed)).map(([field, message]) => [`${prefix}${field}`, message]),
  )
}
