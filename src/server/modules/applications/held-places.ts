import { and, count, eq, inArray } from 'drizzle-orm'
import { PLACE_HOLDING_STATUSES } from '#core/applications/status.ts'
import type { Db } from '#server/db/client.ts'
import { applications } from '#server/db/schema/index.ts'

/** Places held per type (OFFERED + CONFIRMED + PAID). */
export async function heldPlaces(db: Db, eventId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ type: applications.applicationType, n: count() })
    .from(applications)
    .where(and(eq(applications.eventId, eventId), inArray(applications.status, [...PLACE_HOLDING_STATUSES])))
    .groupBy(applications.applicationType)
  return new Map(rows.map((r) => [r.type, Number(r.n)]))
}
