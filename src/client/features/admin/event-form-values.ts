import { DEFAULT_OFFER_EXPIRY_DAYS } from '#core/applications/offer-expiry.ts'
import type { EventType, EventVisibility } from '#core/events/event.ts'
import type { QuestionKind } from '#core/events/event-config.schemas.ts'

// What the event form holds: what the inputs hold (strings, booleans, rows in order), its empty
// state and its new rows. event-form.ts translates it to and from the API's input.

export interface QuestionFormValues {
  id: string
  label: string
  kind: QuestionKind
  required: boolean
  help: string
  /** The choices of a choice question, one per line. */
  options: string
  maxLength: string
}

export interface PaymentLineFormValues {
  key: string
  label: string
  /** In pounds, as typed ("12.50"). */
  amount: string
  /** yyyy-mm-dd, or empty. */
  dueDate: string
}

export interface ApplicationTypeFormValues {
  key: string
  label: string
  open: boolean
  /** Take applications before a secret show's reveal. */
  openBeforeReveal: boolean
  capacity: string
  auditionRequired: boolean
  /** Days a member has to answer an offer (empty: the default). */
  offerExpiryDays: string
  /** Offer a freed place to the next on the waitlist automatically. */
  autoOfferFromWaitlist: boolean
  questions: QuestionFormValues[]
  paymentLines: PaymentLineFormValues[]
  /** This type's info pack (Markdown). */
  infoPack: string
}

export interface AudienceTypeFormValues {
  key: string
  title: string
  content: string
}

export const CONTENT_BLOCKS = [
  'venueAccess',
  'socialLinks',
  'ticketSales',
  'cancellationsAndRefunds',
  'auditionInfo',
] as const
export type ContentBlock = (typeof CONTENT_BLOCKS)[number]

export interface HowToPayFormValues {
  method: 'BANK_TRANSFER' | 'AT_THE_DOOR' | 'ONLINE'
  accountName: string
  sortCode: string
  accountNumber: string
  note: string
}

export const EMPTY_HOW_TO_PAY: HowToPayFormValues = {
  method: 'BANK_TRANSFER',
  accountName: '',
  sortCode: '',
  accountNumber: '',
  note: '',
}

/** The event form's fields, as the inputs hold them (strings; dates as datetime-local values). */
export interface EventFormValues {
  slug: string
  type: EventType
  title: string
  showName: string
  summary: string
  description: string
  venue: string
  startDate: string
  endDate: string
  signupDeadline: string
  visibility: EventVisibility
  audienceTypes: AudienceTypeFormValues[]
  applicationTypes: ApplicationTypeFormValues[]
  content: Record<ContentBlock, string>
  parts: { name: string }[]
  howToPay: HowToPayFormValues
  /** After a payment line's due date, cancel an unpaid confirmed place and offer it to the waitlist. */
  offerLapsedPlacesToWaitlist: boolean
  /** Rehearsal and performance dates (attendance registers are taken per date). */
  schedule: ScheduleFormValues[]
}

export interface ScheduleFormValues {
  /** YYYY-MM-DD, as a date input gives it. */
  date: string
  kind: 'REHEARSAL' | 'PERFORMANCE'
  label: string
}

/** The main fields, in the order the form shows them (for the error summary). */
export const EVENT_FORM_FIELDS = [
  'title',
  'slug',
  'type',
  'showName',
  'summary',
  'description',
  'venue',
  'startDate',
  'endDate',
  'signupDeadline',
  'visibility',
] as const satisfies readonly (keyof EventFormValues)[]

export const CHOICE_KINDS: readonly QuestionKind[] = ['single_choice', 'multi_choice']
export const TEXT_KINDS: readonly QuestionKind[] = ['short_text', 'long_text']

export const EMPTY_CONTENT: Record<ContentBlock, string> = {
  venueAccess: '',
  socialLinks: '',
  ticketSales: '',
  cancellationsAndRefunds: '',
  auditionInfo: '',
}

export const EMPTY_EVENT_FORM: EventFormValues = {
  slug: '',
  type: 'CONCERT',
  title: '',
  showName: '',
  summary: '',
  description: '',
  venue: '',
  startDate: '',
  endDate: '',
  signupDeadline: '',
  visibility: 'draft',
  audienceTypes: [],
  applicationTypes: [],
  content: EMPTY_CONTENT,
  parts: [],
  howToPay: EMPTY_HOW_TO_PAY,
  offerLapsedPlacesToWaitlist: false,
  schedule: [],
}

export const newApplicationType = (): ApplicationTypeFormValues => ({
  key: '',
  label: '',
  open: true,
  openBeforeReveal: false,
  capacity: '',
  auditionRequired: false,
  offerExpiryDays: String(DEFAULT_OFFER_EXPIRY_DAYS),
  autoOfferFromWaitlist: false,
  questions: [],
  paymentLines: [],
  infoPack: '',
})

export const newQuestion = (): QuestionFormValues => ({
  id: '',
  label: '',
  kind: 'short_text',
  required: false,
  help: '',
  options: '',
  maxLength: '',
})

export const newPaymentLine = (): PaymentLineFormValues => ({ key: '', label: '', amount: '', dueDate: '' })

export const newAudienceType = (): AudienceTypeFormValues => ({ key: '', title: '', content: '' })
