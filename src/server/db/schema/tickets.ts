import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type {
  BallotOutcome,
  OrderSource,
  OrderStatus,
  PaymentChoice,
  TicketAudience,
  TicketMode,
  TicketStatus,
  WaitlistStatus,
} from '#core/tickets/tickets.ts'
import type { SeatingMode } from '#core/tickets/seating.ts'
import type { VoucherKind } from '#core/tickets/vouchers.ts'
import { users } from './auth.ts'
import { events } from './events.ts'

/**
 * An event's ticket sale: the capacity shared by its types and the tickets taken of it. The check
 * `taken <= capacity` is the last guard against overselling; the use cases take tickets with a
 * conditional update so it is never the one that refuses.
 */
export const ticketSales = pgTable(
  'ticket_sales',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
    published: boolean('published').notNull().default(false),
    /** How `tickets.seat` is read: numbered SEATS (one ticket each) or TABLES of `table_size`. */
    seating: text('seating').$type<SeatingMode>().notNull().default('SEATS'),
    tableSize: integer('table_size'),
  },
  (t) => [
    check('ticket_sales_taken_check', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
    check(
      'ticket_sales_seating_check',
      sql`(${t.seating} = 'SEATS' and ${t.tableSize} is null) or (${t.seating} = 'TABLES' and ${t.tableSize} between 2 and 30)`,
    ),
  ],
)

export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Shown on the ticket: doors, seating, what is included. */
    info: text('info').notNull().default(''),
    pricePence: integer('price_pence').notNull(),
    quota: integer('quota').notNull(),
    taken: integer('taken').notNull().default(0),
    perPersonLimit: integer('per_person_limit').notNull(),
    audience: text('audience').$type<TicketAudience>().notNull(),
    mode: text('mode').$type<TicketMode>().notNull(),
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    position: integer('position').notNull().default(0),
    /** The recorded seed of the ballot draw (null until drawn), so it can be reproduced. */
    ballotSeed: text('ballot_seed'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** Not shown in the shop, nor sold, unless a voucher that unlocks it is given (decision 0049). */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    index('ticket_types_event_idx').on(t.eventId),
    check('ticket_types_taken_check', sql`${t.taken} >= 0 and ${t.taken} <= ${t.quota}`),
    check('ticket_types_price_check', sql`${t.pricePence} >= 0`),
  ],
)

/** One checkout (or one ballot win): who, what, how they pay. */
export const ticketOrders = pgTable(
  'ticket_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    buyerName: text('buyer_name').notNull(),
    quantity: integer('quantity').notNull(),
    amountPence: integer('amount_pence').notNull(),
    payment: text('payment').$type<PaymentChoice>().notNull(),
    /** Quoted on a bank transfer. */
    reference: text('reference').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    source: text('source').$type<OrderSource>().notNull().default('SALE'),
    /**
     * A ballot offer lapses at this time unless paid; a HELD order (a checkout's 10-minute hold, a
     * waitlist offer) lapses at this time unless confirmed. The release job runs then.
     */
    payBy: timestamp('pay_by', { withTimezone: true }),
    /** The secret of a HELD order's confirmation link (a checkout in progress, a waitlist offer). */
    claimToken: text('claim_token'),
    /**
     * An order placed without sign-in waits for the link emailed to its address (issue 26, finding
     * 9): this is the link's secret, kept after the link is used or lapses so its page can say which.
     */
    confirmToken: text('confirm_token'),
    /** The names for each ticket, kept while the order waits for its emailed link. */
    attendeeNames: jsonb('attendee_names').$type<string[]>(),
    /**
     * The secret of the order's own page (`/tickets/order/:token`, linked from the order email): every
     * ticket, the whole order's PDF and calendar entry, no account needed. Set when tickets are issued.
     */
    orderToken: text('order_token'),
    /** The voucher given with the hold (its use is counted then, given back if the hold lapses). */
    voucherId: uuid('voucher_id').references((): AnyPgColumn => ticketVouchers.id, { onDelete: 'set null' }),
    /** What the voucher took off the lines' cost; `amount_pence` is after it. */
    discountPence: integer('discount_pence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_orders_event_idx').on(t.eventId, t.createdAt),
    index('ticket_orders_user_idx').on(t.userId),
    uniqueIndex('ticket_orders_reference_idx').on(t.reference),
    uniqueIndex('ticket_orders_claim_token_idx').on(t.claimToken),
    uniqueIndex('ticket_orders_confirm_token_idx').on(t.confirmToken),
    uniqueIndex('ticket_orders_order_token_idx').on(t.orderToken),
    check('ticket_orders_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/**
 * What an order asks for, one line per ticket type (decision 0045: one basket, one order). The stock a
 * line holds is `quantity` of its type: a hold, a release and a cancelled ticket move the counters by
 * the lines, never by the order. `ticket_orders.ticket_type_id` names the first line's type (a ballot
 * win and a waitlist offer have exactly one line).
 */
export const ticketOrderLines = pgTable(
  'ticket_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => ticketOrders.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    /** Tickets of the type the order still holds (a cancelled ticket takes one off). */
    quantity: integer('quantity').notNull(),
    /** The type's price when the order was made (a voucher's discount is on the order). */
    unitPricePence: integer('unit_price_pence').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('ticket_order_lines_order_type_idx').on(t.orderId, t.ticketTypeId),
    index('ticket_order_lines_type_idx').on(t.ticketTypeId),
    check('ticket_order_lines_quantity_check', sql`${t.quantity} >= 0`),
    check('ticket_order_lines_price_check', sql`${t.unitPricePence} >= 0`),
  ],
)

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => ticketOrders.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    attendeeName: text('attendee_name').notNull(),
    /** The secret in the QR code; unguessable, replaced on transfer. */
    code: text('code').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('VALID'),
    /** Who holds the ticket after a transfer (null: the order's buyer). */
    holderEmail: text('holder_email'),
    /** Seat or table, when staff assign one. */
    seat: text('seat'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by'),
  },
  (t) => [
    uniqueIndex('tickets_code_idx').on(t.code),
    index('tickets_order_idx').on(t.orderId),
    // The door's count (every check-in recounts it for each open door), its list and its search;
    // ticket stats count an event's check-ins with it too (issue 32).
    index('tickets_event_status_idx').on(t.eventId, t.status),
  ],
)

/** Money staff recorded against an order (negative: a refund). */
export const ticketPayments = pgTable(
  'ticket_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => ticketOrders.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    method: text('method').notNull(),
    reference: text('reference').notNull().default(''),
    recordedBy: text('recorded_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // What each order has paid, summed per order in every order list (issue 32: a scan per order).
    index('ticket_payments_order_idx').on(t.orderId),
    check('ticket_payments_amount_check', sql`${t.amountPence} <> 0`),
  ],
)

/** A ballot group: members who join by its code are drawn together or not at all. */
export const ballotGroups = pgTable(
  'ballot_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Most tickets the whole group may request together. */
    maxTickets: integer('max_tickets').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('ballot_groups_code_idx').on(t.code)],
)

/** A ballot request; after the draw `outcome` says WON or WAITLIST and `drawPosition` the order. */
export const ballotRequests = pgTable(
  'ballot_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    groupId: uuid('group_id').references(() => ballotGroups.id, { onDelete: 'set null' }),
    priority: integer('priority').notNull().default(2),
    outcome: text('outcome').$type<BallotOutcome>().notNull().default('PENDING'),
    drawPosition: integer('draw_position'),
    orderId: uuid('order_id').references(() => ticketOrders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ballot_requests_type_user_idx').on(t.ticketTypeId, t.userId),
    check('ballot_requests_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/** Someone waiting for a sold-out type, in `position` order. */
export const ticketWaitlist = pgTable(
  'ticket_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
    /** WAITING in line; OFFERED a held order (`orderId`); DONE when it was taken; LAPSED unclaimed. */
    status: text('status').$type<WaitlistStatus>().notNull().default('WAITING'),
    orderId: uuid('order_id').references(() => ticketOrders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ticket_waitlist_type_position_idx').on(t.ticketTypeId, t.position)],
)

/**
 * A voucher code for an event's tickets (decision 0049): a percentage or an amount off the lines it is
 * valid for, or the unlocking of hidden types. `uses` is counted by a conditional update when a hold
 * is made (`uses < max_uses`), so concurrent holds never use it more than allowed.
 */
export const ticketVouchers = pgTable(
  'ticket_vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** In capitals, unique per event. */
    code: text('code').notNull(),
    kind: text('kind').$type<VoucherKind>().notNull(),
    /** PERCENT: 1–100; FIXED: pence; UNLOCK: 0. */
    amount: integer('amount').notNull(),
    /** The types it is valid for (or unlocks); empty: every type. */
    typeIds: jsonb('type_ids').$type<string[]>().notNull().default([]),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_vouchers_event_code_idx').on(t.eventId, t.code),
    check(
      'ticket_vouchers_uses_check',
      sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`,
    ),
    check('ticket_vouchers_amount_check', sql`${t.amount} >= 0`),
  ],
)
