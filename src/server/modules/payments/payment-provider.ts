import type { PaymentMethod } from '#core/applications/payments.ts'
import type { CheckoutLine, CheckoutPurpose, CheckoutStatus } from '#core/payments/card-checkout.ts'
import type { Tx } from '#server/db/client.ts'
import { payments } from '#server/db/schema/index.ts'

export type PaymentRow = typeof payments.$inferSelect

export interface PaymentInput {
  applicationId: string
  lineKey: string
  /** Non-zero; negative for a refund. */
  amountPence: number
  method: PaymentMethod
  reference: string
  recordedBy: string | null
}

/** A checkout as the online provider reports it. */
export interface ProviderCheckout {
  /** The provider's id of the checkout (Stripe: the Checkout Session id), to match its webhook. */
  id: string
  /** Where to send the payer (the hosted page); null once it is finished. */
  url: string | null
  status: CheckoutStatus
  /** The provider's payment once paid (Stripe: the PaymentIntent id); refunds go against it. */
  paymentReference: string | null
  amountPence: number
  currency: string
  expiresAt: Date
  metadata: Record<string, string>
}

export interface ProviderRefund {
  id: string
  amountPence: number
  /** The provider's word: succeeded, pending, failed, canceled… */
  status: string
  paymentReference: string | null
  metadata: Record<string, string>
}

/** A verified webhook event, read into what the app acts on. */
export interface ProviderEvent {
  id: string
  type: string
  checkout?: ProviderCheckout
  refunded?: { paymentReference: string | null; amountRefundedPence: number }
}

export interface CheckoutRequest {
  purpose: CheckoutPurpose
  /** The application (or, later, the order) paid for. */
  subjectId: string
  lines: CheckoutLine[]
  successUrl: string
  cancelUrl: string
  expiresAt: Date
  customerEmail: string | null
  /** The same key for a retried start, so the provider makes one session. */
  idempotencyKey: string
}

/**
 * Where payments come from: `manual` (staff record what they received: cash, bank transfer, a card
 * machine) and `stripe` (stripe-provider.ts, decision 0047), which implements `createCheckout` and
 * records the payment itself when Stripe confirms it, through the same `recordPaymentInTx`, so the
 * application's move to PAID stays in one place (`record-payment.ts`).
 */
export interface PaymentProvider {
  /** Stored in `payments.provider`. */
  readonly name: string
  /** Write one payment (or refund) inside the caller's transaction. */
  recordPayment(tx: Tx, input: PaymentInput): Promise<PaymentRow>
  /** Start an online payment of what is owed; absent for providers that cannot take money online. */
  createCheckout?(input: CheckoutRequest): Promise<ProviderCheckout>
}

/** A provider that takes cards online (Stripe): checkouts, refunds and its signed webhook. */
export interface CardProvider extends PaymentProvider {
  createCheckout(input: CheckoutRequest): Promise<ProviderCheckout>
  retrieveCheckout(id: string): Promise<ProviderCheckout>
  /** Close an unpaid checkout so it can no longer be paid. */
  expireCheckout(id: string): Promise<ProviderCheckout>
  refund(input: {
    paymentReference: string
    amountPence: number
    metadata: Record<string, string>
    idempotencyKey: string
  }): Promise<ProviderRefund>
  refundsOf(paymentReference: string): Promise<ProviderRefund[]>
  /** The provider's fee on a payment, in pence; null when the provider does not say (yet). */
  feeOf(paymentReference: string): Promise<number | null>
  /** Verify the signature on a webhook's raw body; throws when it does not match. */
  verifyEvent(rawBody: Buffer, signature: string): ProviderEvent
}

/** The ledger row every provider writes, stamped with the provider's name. */
export async function insertPayment(tx: Tx, provider: string, input: PaymentInput): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      applicationId: input.applicationId,
      lineKey: input.lineKey,
      amountPence: input.amountPence,
      method: input.method,
      reference: input.reference,
      provider,
      recordedBy: input.recordedBy,
    })
    .returning()
  return row!
}

/** Payments staff record by hand. */
export const manualPaymentProvider: PaymentProvider = {
  name: 'manual',
  recordPayment: (tx, input) => insertPayment(tx, 'manual', input),
}
