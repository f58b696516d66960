import type { PaymentMethod } from '#core/applications/payments.ts'
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

/** What an online provider returns to start paying: where to send the member. */
export interface Checkout {
  url: string
  /** The provider's id of the checkout, to match its confirmation callback. */
  providerReference: string
}

/**
 * Where payments come from. Today only `manual`: staff record what they received (cash, bank
 * transfer, a card machine). An online card provider (a later issue) implements `createCheckout`
 * and records the payment itself when the provider confirms it, through the same `recordPayment`,
 * so the application's move to PAID stays in one place (`record-payment.ts`).
 */
export interface PaymentProvider {
  /** Stored in `payments.provider`. */
  readonly name: string
  /** Write one payment (or refund) inside the caller's transaction. */
  recordPayment(tx: Tx, input: PaymentInput): Promise<PaymentRow>
  /** Start an online payment of what is owed; absent for providers that cannot take money online. */
  createCheckout?(input: {
    applicationId: string
    lineKeys: string[]
    amountPence: number
    returnUrl: string
  }): Promise<Checkout>
}

/** Payments staff record by hand. */
export const manualPaymentProvider: PaymentProvider = {
  name: 'manual',
  async recordPayment(tx, input) {
    const [row] = await tx
      .insert(payments)
      .values({
        applicationId: input.applicationId,
        lineKey: input.lineKey,
        amountPence: input.amountPence,
        method: input.method,
        reference: input.reference,
        provider: 'manual',
        recordedBy: input.recordedBy,
      })
      .returning()
    return row!
  },
}
