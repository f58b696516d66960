import type { PaymentMethod } from '#core/applications/payments.ts'
import { eq } from 'drizzle-orm'
import { isFullyPaid, owedLines } from '#core/applications/payments.ts'
import { formatPence } from '#core/money.ts'
import { AppError, type FieldIssue } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { systemContext, withTx, type RequestContext } from '#server/context.ts'
import { events, payments } from '#server/db/schema/index.ts'
import { requireApplicationIds } from './applications.queries.ts'
import { typeLabel } from './application-types.ts'
import { changeStatus, publishChanges } from './change-status.ts'
import { lockApplication, touchApplication, type ApplicationRow } from './update-application.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import {
  manualPaymentProvider,
  type PaymentProvider,
  type PaymentRow,
} from '#server/modules/payments/payment-provider.ts'

const MAX_REFERENCE = 200
const MAX_AMOUNT_PENCE = 10_000_000

export interface RecordPaymentInput {
  applicationId: string
  lineKey: string
  /** Non-zero whole pence; negative for a refund. */
  amountPence: number
  method: PaymentMethod
  reference?: string | null
}

function checkInput(input: RecordPaymentInput): string {
  const fields: FieldIssue[] = []
  if (
    !Number.isInteger(input.amountPence) ||
    input.amountPence === 0 ||
    Math.abs(input.amountPence) > MAX_AMOUNT_PENCE
  ) {
    fields.push({ path: 'amountPence', message: 'Enter an amount other than zero (negative for a refund).' })
  }
  const reference = (input.reference ?? '').trim()
  if (reference.length > MAX_REFERENCE) {
    fields.push({ path: 'reference', message: `Keep the reference under ${MAX_REFERENCE} characters.` })
  }
  if (fields.length) throw new AppError('VALIDATION', fields[0]!.message, { fields })
  return reference
}

/**
 * Record a payment (or, negative, a refund) against one of the application's payment lines
 * (admins; CONFIRMED or PAID only), through the payment provider, audited. When every line is paid a
 * CONFIRMED application becomes PAID; a refund leaves a PAID application PAID (the status machine has
 * no way back; see docs/decisions/0015-acceptance-and-payments.md).
 */
export async function recordPayment(
  ctx: RequestContext,
  input: RecordPaymentInput,
  provider: PaymentProvider = manualPaymentProvider,
): Promise<{ application: ApplicationRow; payment: PaymentRow }> {
  const viewer = authorize(ctx.actor, 'admin.general')
  const reference = checkInput(input)
  requireApplicationIds([input.applicationId])
  return withTx(ctx, async (tx, afterCommit) => {
    const before = await lockApplication(tx, input.applicationId)
    const [event] = await tx.select().from(events).where(eq(events.id, before.eventId))
    if (before.status !== 'CONFIRMED' && before.status !== 'PAID') {
      throw new AppError(
        'CONFLICT',
        `Payments are recorded once a place is confirmed; this application is ${before.status.toLowerCase()}.`,
      )
    }
    const lines = event!.eventConfig.paymentLines?.[before.applicationType] ?? []
    const line = lines.find((l) => l.key === input.lineKey)
    if (!line) {
      const message = `"${input.lineKey}" is not a payment line of ${typeLabel(event!, before.applicationType)}.`
      throw new AppError('VALIDATION', message, { fields: [{ path: 'lineKey', message }] })
    }
    const already = await tx.select().from(payments).where(eq(payments.applicationId, before.id))
    const paidOnLine = already
      .filter((p) => p.lineKey === input.lineKey)
      .reduce((s, p) => s + p.amountPence, 0)
    if (paidOnLine + input.amountPence < 0) {
      const message = `A refund cannot be more than the ${formatPence(paidOnLine)} paid on this line.`
      throw new AppError('VALIDATION', message, { fields: [{ path: 'amountPence', message }] })
    }
    if (paidOnLine + input.amountPence > line.amountPence) {
      const left = Math.max(0, line.amountPence - paidOnLine)
      const message = `Only ${formatPence(left)} is outstanding on ${line.label}; record at most that.`
      throw new AppError('VALIDATION', message, { fields: [{ path: 'amountPence', message }] })
    }
    const payment = await provider.recordPayment(tx, {
      applicationId: before.id,
      lineKey: input.lineKey,
      amountPence: input.amountPence,
      method: input.method,
      reference,
      recordedBy: viewer.id,
    })
    await auditChange(tx, ctx, {
      action: input.amountPence < 0 ? 'payment.refund' : 'payment.record',
      entityType: 'application',
      entityId: before.id,
      after: {
        paymentId: payment.id,
        lineKey: payment.lineKey,
        amountPence: payment.amountPence,
        method: payment.method,
        reference: payment.reference,
        provider: payment.provider,
      },
    })
    if (before.status === 'CONFIRMED' && isFullyPaid(owedLines(lines, [...already, payment]))) {
      // NOTE: the move to PAID is the app's (status machine: system), audited without an actor.
      const { after } = await changeStatus(systemContext(ctx.services, ctx.requestId), tx, afterCommit, {
        applicationId: before.id,
        action: 'markPaid',
        as: 'system',
      })
      return { application: after, payment }
    }
    // Bump the version so admins' screens notice the new payment.
    const application = await touchApplication(ctx, tx, before)
    afterCommit(() => publishChanges(ctx.services.bus, [application]))
    return { application, payment }
  })
}
