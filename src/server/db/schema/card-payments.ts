import type { CheckoutPurpose, CheckoutStatus } from '#core/payments/card-checkout.ts'
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { applications } from './events.ts'
import { ticketOrders } from './tickets.ts'

/**
 * A card checkout started with the online provider (Stripe Checkout), keyed by the provider's
 * session id. `purpose` says what it pays for: an application's payment lines (decision 0047) or a
 * ticket order (0054); the lines and amount are what the server computed when it started.
 */
export const cardCheckouts = pgTable(
  'card_checkouts',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').$type<CheckoutPurpose>().notNull(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    /** The ticket order a TICKET_ORDER checkout pays (decision 0054). */
    orderId: uuid('order_id').references(() => ticketOrders.id, { onDelete: 'cascade' }),
    /**
     * A ticket order's names, given at the checkout and kept here until the payment is confirmed:
     * the tickets are issued with them then (decision 0054). Null for an application's checkout.
     */
    buyerDetails: jsonb('buyer_details').$type<{ buyerName: string; attendeeNames: string[] }>(),
    /** The payment lines (key, label, pence) this checkout pays, as computed on the server. */
    lines: jsonb('lines').$type<{ key: string; label: string; amountPence: number }[]>().notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<CheckoutStatus>().notNull().default('OPEN'),
    /** The provider's payment (Stripe: the PaymentIntent id) once paid; refunds go against it. */
    paymentReference: text('payment_reference'),
    /** The provider's fee on the payment (Stripe: its charge's balance transaction), once known. */
    feePence: integer('fee_pence'),
    startedBy: text('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('card_checkouts_application_idx').on(t.applicationId),
    index('card_checkouts_order_idx').on(t.orderId),
    index('card_checkouts_payment_reference_idx').on(t.paymentReference),
    check('card_checkouts_amount_check', sql`${t.amountPence} > 0`),
  ],
)

/** Provider events already handled (webhook ids): the same event twice changes nothing. */
export const cardProviderEvents = pgTable('card_provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Refunds recorded in the ledger, by the provider's refund id: a refund staff asked for and the
 * provider's `charge.refunded` about it are recorded once between them.
 */
export const cardRefunds = pgTable('card_refunds', {
  id: text('id').primaryKey(),
  checkoutId: text('checkout_id')
    .notNull()
    .references(() => cardCheckouts.id, { onDelete: 'cascade' }),
  amountPence: integer('amount_pence').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
})
