import type { PaymentMethod } from '#core/applications/payments.ts'
import { eq } from 'drizzle-orm'
import {
  isFullyPaid,
  MANUAL_PAYMENT_METHODS,
  owedLines,
  paymentEntriesProblem,
  recordPaymentsSchema,
  type PaymentEntry,
} from '#core/applications/payments.ts'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { systemContext, withTx, type AfterCommit, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { events, payments } from '#server/db/schema/index.ts'
import { requireApplicationIds } from './applications.queries.ts'
import { typeLabel } from './application-types.ts'
import { changeStatus, publishChanges } from './change-status.ts'
import { lockApplication, touchApplication, type ApplicationRow } from './update-application.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import {
  manualPaymentProvider,
  type PaymentProvider,
  type PaymentRow,
} from '#server/modules/payments/payment-provider.ts'

export interface RecordPaymentInput {
  applicationId: string
  lineKey: string
  /** Non-zero whole pence; negative for a refund. */
  amountPence: number
  method: PaymentMethod
  reference?: string | null
}

export interface RecordPaymentsInput {
  applicationId: string
  /** Checked by the shared schema (recordPaymentsSchema): VALIDATION at `entries.N.field`. */
  entries: unknown
}

/** A problem's path: `entries.N.field`, or `field` alone for the one-payment mutation. */
type PathOf = (index: number, field: string) => string
const entryPath: PathOf = (index, field) => `entries.${String(index)}.${field}`
const flatPath: PathOf = (_index, field) => field

function checkInput(raw: { entries: unknown }, pathOf: PathOf): PaymentEntry[] {
  const parsed = recordPaymentsSchema.safeParse(raw)
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.map((i) => {
        const [, index, field] = i.path
        return typeof index === 'number' && field !== undefined
          ? { path: [pathOf(index, String(field))], message: i.message }
          : i
      }),
    )
  }
  return parsed.data.entries
}

/** Record one payment (or refund) against one line: recordPayments with one entry. */
export async function recordPayment(
  ctx: RequestContext,
  { applicationId, ...entry }: RecordPaymentInput,
  provider: PaymentProvider = manualPaymentProvider,
): Promise<{ application: ApplicationRow; payment: PaymentRow }> {
  const {
    application,
    payments: [payment],
  } = await recordPayments(ctx, { applicationId, entries: [entry] }, provider, flatPath)
  return { application, payment: payment! }
}

/**
 * Record several payments (or, negative, refunds) for one application at once, each against one of
 * its payment lines (admins; CONFIRMED or PAID only), through the payment provider, each audited, in
 * one transaction: one refused entry records none. When every line is paid a CONFIRMED application
 * becomes PAID; a refund leaves a PAID application PAID (the status machine has no way back; see
 * docs/decisions/0015-acceptance-and-payments.md).
 */
export async function recordPayments(
  ctx: RequestContext,
  input: RecordPaymentsInput,
  provider: PaymentProvider = manualPaymentProvider,
  pathOf: PathOf = entryPath,
): Promise<{ application: ApplicationRow; payments: PaymentRow[] }> {
  const viewer = authorize(ctx.actor, 'admin.general')
  const entries = checkInput({ entries: input.entries }, pathOf)
  if (provider === manualPaymentProvider) {
    const online = entries.findIndex((e) => !MANUAL_PAYMENT_METHODS.some((m) => m === e.method))
    if (online >= 0) {
      const message =
        'Card (online) payments are recorded by the card provider; choose how this one was paid.'
      throw new AppError('VALIDATION', message, { fields: [{ path: pathOf(online, 'method'), message }] })
    }
  }
  requireApplicationIds([input.applicationId])
  return withTx(ctx, (tx, afterCommit) =>
    recordPaymentsInTx(ctx, tx, afterCommit, input.applicationId, entries, provider, viewer.id, pathOf),
  )
}

/**
 * One payment written inside the caller's transaction: the online provider's webhook calls this with
 * the system's context (no actor) once the provider confirms a card payment.
 */
export async function recordPaymentInTx(
  ctx: RequestContext,
  tx: Tx,
  afterCommit: AfterCommit,
  { applicationId, ...entry }: RecordPaymentInput & { reference: string },
  provider: PaymentProvider,
  recordedBy: string | null,
): Promise<{ application: ApplicationRow; payment: PaymentRow }> {
  const {
    application,
    payments: [payment],
  } = await recordPaymentsInTx(
    ctx,
    tx,
    afterCommit,
    applicationId,
    [{ ...entry, reference: entry.reference }],
    provider,
    recordedBy,
    flatPath,
  )
  return { application, payment: payment! }
}

/**
 * The ledger writes themselves, inside the caller's transaction: the checks against the
 * application's lines, the provider's inserts, an audit entry each and the move to PAID.
 */
async function recordPaymentsInTx(
  ctx: RequestContext,
  tx: Tx,
  afterCommit: AfterCommit,
  applicationId: string,
  entries: PaymentEntry[],
  provider: PaymentProvider,
  recordedBy: string | null,
  pathOf: PathOf,
): Promise<{ application: ApplicationRow; payments: PaymentRow[] }> {
  const before = await lockApplication(tx, applicationId)
  const [event] = await tx.select().from(events).where(eq(events.id, before.eventId))
  if (before.status !== 'CONFIRMED' && before.status !== 'PAID') {
    throw new AppError(
      'CONFLICT',
      `Payments are recorded once a place is confirmed; this application is ${before.status.toLowerCase()}.`,
    )
  }
  const lines = event!.eventConfig.paymentLines?.[before.applicationType] ?? []
  const already = await tx.select().from(payments).where(eq(payments.applicationId, before.id))
  const problem = paymentEntriesProblem(lines, already, entries)
  if (problem) {
    const message =
      problem.path === 'lineKey'
        ? `"${entries[problem.index]!.lineKey}" is not a payment line of ${typeLabel(event!, before.applicationType)}.`
        : problem.message
    const path = pathOf(problem.index, problem.path)
    throw new AppError('VALIDATION', message, { fields: [{ path, message }] })
  }
  const recorded: PaymentRow[] = []
  for (const entry of entries) {
    const payment = await provider.recordPayment(tx, {
      applicationId: before.id,
      lineKey: entry.lineKey,
      amountPence: entry.amountPence,
      method: entry.method,
      reference: entry.reference,
      recordedBy,
    })
    await auditChange(tx, ctx, {
      action: entry.amountPence < 0 ? 'payment.refund' : 'payment.record',
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
    recorded.push(payment)
  }
  if (before.status === 'CONFIRMED' && isFullyPaid(owedLines(lines, [...already, ...recorded]))) {
    // NOTE: the move to PAID is the app's (status machine: system), audited without an actor.
    const { after } = await changeStatus(systemContext(ctx.services, ctx.requestId), tx, afterCommit, {
      applicationId: before.id,
      action: 'markPaid',
      as: 'system',
    })
    return { application: after, payments: recorded }
  }
  // Bump the version so admins' screens notice the new payments.
  const application = await touchApplication(ctx, tx, before)
  afterCommit(() => publishChanges(ctx.services.bus, [application]))
  return { application, payments: recorded }
}
