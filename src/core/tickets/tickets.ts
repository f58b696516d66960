import { z } from 'zod'
import { MAIL_NAME_MAX } from '#core/text/mail-text.ts'

// The ticket rules: who may buy what, how many are left, what a door scan says. The server enforces
// them on data (conditional updates on the counters); the client shows the same words.

export const TICKET_AUDIENCES = ['PUBLIC', 'MEMBERS', 'PARTICIPANTS', 'COMP'] as const
export type TicketAudience = (typeof TICKET_AUDIENCES)[number]

export const TICKET_MODES = ['FIRST_COME', 'BALLOT'] as const
export type TicketMode = (typeof TICKET_MODES)[number]

/**
 * An order: HELD (stock kept for a checkout in progress or a waitlist offer, no tickets yet, lapses
 * at `payBy`), AWAITING_PAYMENT (tickets valid, money due at the door or by transfer), PAID, CANCELLED.
 */
export const ORDER_STATUSES = ['HELD', 'AWAITING_PAYMENT', 'PAID', 'CANCELLED'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** A ticket: VALID until scanned (CHECKED_IN) or cancelled/transferred (VOID, its code dead). */
export const TICKET_STATUSES = ['VALID', 'CHECKED_IN', 'VOID'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

/**
 * How the buyer chose to pay: at the door, by bank transfer, or CARD (online, on Stripe's hosted page,
 * decision 0054): a card order is issued only once the card payment is confirmed, so it is never owed.
 */
export const PAYMENT_CHOICES = ['PAY_AT_DOOR', 'BANK_TRANSFER', 'CARD'] as const
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number]

/** Each choice in words, on the checkout and the order page. */
export const PAYMENT_CHOICE_LABELS: Record<PaymentChoice, string> = {
  PAY_AT_DOOR: 'Pay at the door',
  BANK_TRANSFER: 'Bank transfer with reference',
  CARD: 'Pay by card now',
}

/** Where an order came from: a checkout (first come), a ballot win, or the box office at the door. */
export const ORDER_SOURCES = ['SALE', 'BALLOT', 'BOX_OFFICE'] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]

/** A ballot request before the draw (PENDING), then WON or on the WAITLIST. */
export const BALLOT_OUTCOMES = ['PENDING', 'WON', 'WAITLIST'] as const
export type BallotOutcome = (typeof BALLOT_OUTCOMES)[number]

/** A waitlist entry: in line, offered tickets (a HELD order), done (took them or left), lapsed. */
export type WaitlistStatus = 'WAITING' | 'OFFERED' | 'DONE' | 'LAPSED'

/** How long a checkout keeps its stock while the buyer finishes (names, payment choice). */
export const HOLD_MINUTES = 10
/** How long someone offered tickets from the waitlist has to claim them. */
export const WAITLIST_OFFER_HOURS = 48

/** How long a ballot winner has to pay before the tickets pass down the waitlist. */
export const BALLOT_OFFER_DAYS = 3
/** Most tickets one checkout may ask for, whatever a type's limit. */
export const MAX_PER_ORDER = 10

export interface TicketTypeRules {
  name: string
  pricePence: number
  quota: number
  perPersonLimit: number
  audience: TicketAudience
  mode: TicketMode
  saleStartsAt: Date | null
  saleEndsAt: Date | null
  /** Tickets taken (issued or held) of this type. */
  taken: number
}

export const AUDIENCE_LABEL: Record<TicketAudience, string> = {
  PUBLIC: 'Anyone',
  MEMBERS: 'Members',
  PARTICIPANTS: 'Participants of the event',
  COMP: 'Committee comps',
}

/** Whether the type's window is open at `now`. */
export function saleOpen(type: Pick<TicketTypeRules, 'saleStartsAt' | 'saleEndsAt'>, now: Date): boolean {
  if (type.saleStartsAt && now < type.saleStartsAt) return false
  if (type.saleEndsAt && now >= type.saleEndsAt) return false
  return true
}

/** Tickets left of a type, given the shared event capacity left. */
export function ticketsLeft(type: Pick<TicketTypeRules, 'quota' | 'taken'>, capacityLeft: number): number {
  return Math.max(0, Math.min(type.quota - type.taken, capacityLeft))
}

export interface Buyer {
  signedIn: boolean
  /** Holds an accepted place in the event (CONFIRMED/PAID application). */
  participant: boolean
  /** May hand out committee comps. */
  staff: boolean
  /** Tickets of this type the buyer already holds (valid orders). */
  alreadyHeld: number
}

export type PurchaseRefusal = {
  code: 'FORBIDDEN' | 'VALIDATION' | 'CONFLICT'
  message: string
  /** Set on the refusal for want of tickets (sold out, fewer left than asked): stock, not the buyer. */
  wantOfTickets?: true
}

/** How a person asks for tickets: buying them, requesting them in a ballot, or waiting for them. */
export type TicketAsk = 'buy' | 'request' | 'wait'

const ASK_VERB: Record<TicketAsk, { lead: string; more: string }> = {
  buy: { lead: 'Choose', more: 'buy' },
  request: { lead: 'Request', more: 'request' },
  wait: { lead: 'Wait for', more: 'ask for' },
}

/**
 * The most tickets of a type one person may still ask for at once: the type's per-person limit less
 * what they hold, and never more than one order takes (MAX_PER_ORDER).
 */
export function mostTicketsFor(type: Pick<TicketTypeRules, 'perPersonLimit'>, alreadyHeld = 0): number {
  return Math.max(0, Math.min(MAX_PER_ORDER, type.perPersonLimit - alreadyHeld))
}

/**
 * Why asking for `quantity` tickets of a type is refused by how many one person may have, or null
 * when the number is fine: a whole number from 1, at most MAX_PER_ORDER at once, and with what the
 * person already holds, at most the type's per-person limit. The one rule for buying, ballot
 * requests and the waitlist; the server checks it again under the type's lock.
 */
export function ticketQuantityRefusal(
  type: Pick<TicketTypeRules, 'name' | 'perPersonLimit'>,
  quantity: number,
  alreadyHeld = 0,
  ask: TicketAsk = 'buy',
): PurchaseRefusal | null {
  const verb = ASK_VERB[ask]
  const most = Math.min(MAX_PER_ORDER, type.perPersonLimit)
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > most)
    return { code: 'VALIDATION', message: `${verb.lead} between 1 and ${most} tickets.` }
  if (alreadyHeld + quantity > type.perPersonLimit) {
    const more = mostTicketsFor(type, alreadyHeld)
    return {
      code: 'VALIDATION',
      message: `At most ${type.perPersonLimit} ${type.name} tickets per person; you may ${verb.more} ${more} more.`,
    }
  }
  return null
}

/**
 * Why a first-come purchase of `quantity` tickets is refused, or null when it may go ahead (the
 * counters are then taken by a conditional update, which is what makes overselling impossible).
 */
export function purchaseRefusal(
  type: TicketTypeRules,
  buyer: Buyer,
  quantity: number,
  capacityLeft: number,
  now: Date,
): PurchaseRefusal | null {
  const tooMany = ticketQuantityRefusal(type, quantity)
  if (tooMany) return tooMany
  if (type.mode === 'BALLOT')
    return {
      code: 'CONFLICT',
      message: `${type.name} tickets are allocated by ballot: request them instead.`,
    }
  if (type.audience === 'MEMBERS' && !buyer.signedIn)
    return { code: 'FORBIDDEN', message: `${type.name} tickets are for members: sign in to buy them.` }
  if (type.audience === 'PARTICIPANTS' && !buyer.participant)
    return { code: 'FORBIDDEN', message: `${type.name} tickets are for participants of the event.` }
  if (type.audience === 'COMP' && !buyer.staff)
    return { code: 'FORBIDDEN', message: `${type.name} tickets are handed out by the committee.` }
  if (!saleOpen(type, now)) return { code: 'CONFLICT', message: `${type.name} tickets are not on sale now.` }
  const overLimit = ticketQuantityRefusal(type, quantity, buyer.alreadyHeld)
  if (overLimit) return overLimit
  const left = ticketsLeft(type, capacityLeft)
  if (quantity > left)
    return {
      code: 'CONFLICT',
      message: left === 0 ? `${type.name} is sold out.` : `Only ${left} ${type.name} tickets are left.`,
      wantOfTickets: true,
    }
  return null
}

/** The code printed in a ticket's QR: `SD1-` and 24 url-safe characters. */
export const TICKET_CODE = /^SD1-[A-Za-z0-9_-]{24}$/

/** A ticket type's price is given, or the type is said to be free: never a blank read as £0.00. */
export const PRICE_REQUIRED = 'Give a price, or choose Free for free tickets.'
export const FREE_HAS_NO_PRICE = 'Free tickets have no price: clear the price or untick Free.'

export const ticketTypeInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the ticket type a name.').max(80),
    info: z.string().trim().max(2000).default(''),
    pricePence: z.number().int().min(0, 'A price cannot be negative.').max(1_000_000),
    // NOTE: a blank price once published tickets as free; free is now said, never assumed (issue 27).
    free: z.boolean().default(false),
    quota: z.number().int().min(1, 'A quota is at least 1.').max(100_000),
    perPersonLimit: z.number().int().min(1).max(MAX_PER_ORDER),
    audience: z.enum(TICKET_AUDIENCES),
    mode: z.enum(TICKET_MODES),
    saleStartsAt: z.coerce.date().nullable().default(null),
    saleEndsAt: z.coerce.date().nullable().default(null),
    /** Not shown in the shop unless a voucher that unlocks it is given (decision 0049). */
    hidden: z.boolean().default(false),
  })
  .refine((t) => !t.saleStartsAt || !t.saleEndsAt || t.saleStartsAt < t.saleEndsAt, {
    message: 'The sale must end after it starts.',
    path: ['saleEndsAt'],
  })
  .refine((t) => t.free || t.pricePence > 0, { message: PRICE_REQUIRED, path: ['pricePence'] })
  .refine((t) => !t.free || t.pricePence === 0, { message: FREE_HAS_NO_PRICE, path: ['pricePence'] })
export type TicketTypeInput = z.infer<typeof ticketTypeInputSchema>

/** A checked type as stored: `free` says how the price was given and is not kept (a price of 0 is free). */
export function ticketTypeColumns({
  free: _free,
  ...columns
}: TicketTypeInput): Omit<TicketTypeInput, 'free'> {
  return columns
}

/** Event config for tickets: the capacity shared by every type, whether the shop is open, new types. */
export const ticketSaleInputSchema = z.object({
  capacity: z
    .number()
    .int('The capacity is a whole number.')
    .min(1, 'The capacity is at least 1.')
    .max(100_000, 'The capacity is at most 100,000.'),
  published: z.boolean(),
  addTypes: z.array(ticketTypeInputSchema).max(20),
})
export type TicketSaleInput = z.infer<typeof ticketSaleInputSchema>

const attendee = z.string().trim().min(1, 'Give each attendee a name.').max(120)

export const purchaseInputSchema = z.object({
  eventSlug: z.string().min(1),
  ticketTypeId: z.uuid('Choose a ticket type.'),
  quantity: z.number().int().min(1, 'Choose at least one ticket.').max(MAX_PER_ORDER),
  buyerName: z.string().trim().min(1, 'Give your name.').max(120),
  email: z.email('Give an email address the tickets can be sent to.').max(254),
  attendeeNames: z.array(attendee).max(MAX_PER_ORDER),
  payment: z.enum(PAYMENT_CHOICES),
})
export type PurchaseInput = z.infer<typeof purchaseInputSchema>

/** Self-service cancelling and transferring close this long before the event starts. */
export const HOLDER_CUTOFF_HOURS = 24

/**
 * Why the holder of a ticket may not cancel or transfer it now, or null when they may: only a valid
 * ticket, and only until HOLDER_CUTOFF_HOURS before the event (after that the door is being prepared;
 * the event's cancellations-and-refunds policy says what staff will still do).
 */
export function holderActionRefusal(
  action: 'cancel' | 'transfer',
  ticket: { status: TicketStatus },
  eventStart: Date,
  now: Date,
): PurchaseRefusal | null {
  const verb = action === 'cancel' ? 'cancelled' : 'transferred'
  if (ticket.status === 'CHECKED_IN')
    return { code: 'CONFLICT', message: `This ticket was used at the door and cannot be ${verb}.` }
  if (ticket.status !== 'VALID') return { code: 'CONFLICT', message: `This ticket can no longer be ${verb}.` }
  if (now.getTime() >= eventStart.getTime() - HOLDER_CUTOFF_HOURS * 3_600_000)
    return {
      code: 'CONFLICT',
      message: `Tickets can be ${verb} until ${HOLDER_CUTOFF_HOURS} hours before the event; ask the committee.`,
    }
  return null
}

/** What is owed back after a cancellation: what was paid beyond what the order now costs. */
export function refundDue(paidPence: number, amountPence: number): number {
  return Math.max(0, paidPence - amountPence)
}

export const transferInputSchema = z.object({
  code: z.string().regex(TICKET_CODE, 'That is not a ticket code.'),
  // NOTE: the name goes into an email to someone else: no longer than any email shows (mail-text.ts).
  toName: z
    .string()
    .trim()
    .min(1, 'Give the new holder’s name.')
    .max(MAIL_NAME_MAX, `Keep the name under ${MAIL_NAME_MAX + 1} characters.`),
  toEmail: z.email('Give the new holder’s email address.').max(254),
})
export type TransferInput = z.infer<typeof transferInputSchema>
