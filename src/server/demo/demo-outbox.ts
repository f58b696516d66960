import { eq } from 'drizzle-orm'
import { outbox } from '#server/db/schema/index.ts'
import type { Services } from '#server/services.ts'

export const DEMO_FAILED_TEMPLATE = 'demo.failed'

/**
 * One message that failed for good, so the operator's Outbox page (`/admin/system/outbox`) has
 * something to retry in the demo. Written once: a seed run after it was retried leaves it alone.
 */
export async function seedOutboxDemo(db: Pick<Services, 'db'>['db'], now: Date): Promise<void> {
  const existing = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.template, DEMO_FAILED_TEMPLATE))
  if (existing.length > 0) return
  await db.insert(outbox).values({
    to: 'member2@stagedoor.test',
    subject: 'Rehearsal moved to the Great Hall',
    text: 'Thursday’s rehearsal is in the Great Hall this week, same time.\n',
    template: DEMO_FAILED_TEMPLATE,
    status: 'failed',
    attempts: 25,
    lastError: 'connect ECONNREFUSED 127.0.0.1:25 (the mail server was down for a day)',
    createdAt: new Date(now.getTime() - 2 * 86_400_000),
  })
}
