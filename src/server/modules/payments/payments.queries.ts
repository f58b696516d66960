import { createContextCache } from '@pothos/core'
import DataLoader from 'dataloader'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { owedLines, type OwedLine, type RecordedPayment } from '#core/applications/payments.ts'
import type { ApplicationStatus } from '#core/applications/status.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import { applications, payments, type events } from '#server/db/schema/index.ts'
import type { PaymentRow } from './payment-provider.ts'

/** The payments of these applications by application id, oldest first: one query however many. */
export async function paymentsByApplication(
  db: Db,
  applicationIds: readonly string[],
): Promise<Map<string, PaymentRow[]>> {
  if (!applicationIds.length) return new Map()
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.applicationId, [...applicationIds]))
    .orderBy(asc(payments.recordedAt))
  return byApplication(rows)
}

function byApplication(rows: readonly PaymentRow[]): Map<string, PaymentRow[]> {
  const byApp = new Map<string, PaymentRow[]>()
  for (const row of rows) {
    const list = byApp.get(row.applicationId)
    if (list) list.push(row)
    else byApp.set(row.applicationId, [row])
  }
  return byApp
}

/**
 * The payments of an event's applications (of these statuses, when given) by application id, oldest
 * first: one query on the event, where a list of every application's id would be hundreds of
 * parameters to build, send and plan (issue 32).
 */
export async function paymentsOfEvent(
  db: Db,
  eventId: string,
  statuses?: readonly ApplicationStatus[],
): Promise<Map<string, PaymentRow[]>> {
  const rows = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .where(
      and(
        eq(applications.eventId, eventId),
        statuses ? inArray(applications.status, [...statuses]) : undefined,
      ),
    )
    .orderBy(asc(payments.recordedAt))
  return byApplication(rows.map((r) => r.payment))
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
