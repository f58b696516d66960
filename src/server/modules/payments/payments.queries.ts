import { createContextCache } from '@pothos/core'
import DataLoader from 'dataloader'
import { asc, inArray } from 'drizzle-orm'
import { owedLines, type OwedLine, type RecordedPayment } from '#core/applications/payments.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import { payments, type applications, type events } from '#server/db/schema/index.ts'
import type { PaymentRow } from './payment-provider.ts'

/** The payments of these applications by application id, oldest first: one query however many. */
export async function paymentsByApplication(
  db: Db,
  applicationIds: readonly string[],
): Promise<Map<string, PaymentRow[]>> {
  const byApp = new Map<string, PaymentRow[]>()
  if (!applicationIds.length) return byApp
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.applicationId, [...applicationIds]))
    .orderBy(asc(payments.recordedAt))
  for (const row of rows) byApp.set(row.applicationId, [...(byApp.get(row.applicationId) ?? []), row])
  return byApp
}

/**
 * Per request, the payments of each application in batches: `owed`, `outstandingPence` and
 * `payments` of a whole list share one query. Callers decide who may see them.
 */
const paymentLoader = createContextCache(
  (ctx: RequestContext) =>
    new DataLoader<string, PaymentRow[]>(async (ids) => {
      const byApp = await paymentsByApplication(ctx.services.db, ids)
      return ids.map((id) => byApp.get(id) ?? [])
    }),
)

/** The payments recorded against an application, oldest first (batched per request). */
export const paymentsOf = (ctx: RequestContext, applicationId: string) =>
  paymentLoader(ctx).load(applicationId)

/** The application type's payment lines with what has been paid against each. */
export function ledgerOf(
  event: Pick<typeof events.$inferSelect, 'eventConfig'>,
  application: Pick<typeof applications.$inferSelect, 'applicationType'>,
  paid: readonly RecordedPayment[],
): OwedLine[] {
  return owedLines(event.eventConfig.paymentLines?.[application.applicationType] ?? [], paid)
}
