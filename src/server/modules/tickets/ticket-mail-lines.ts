import { eq } from 'drizzle-orm'
import { whenAndWhere } from '#core/events/when-where.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { events } from '#server/db/schema/index.ts'
import { formatInZone } from '#server/modules/email-templates/application-email.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'

type EventTimes = Pick<typeof events.$inferSelect, 'startDate' | 'endDate' | 'venue'>

/**
 * The event's "When: …" and "Where: …" lines for a ticket email, on the society's clocks (its
 * settings' time zone), read through the caller's transaction. Every ticket email says them (issue 27).
 */
export async function whenAndWhereLines(
  ctx: RequestContext,
  tx: Tx,
  event: EventTimes | string,
): Promise<string[]> {
  const row =
    typeof event === 'string' ? (await tx.select().from(events).where(eq(events.id, event)))[0] : event
  if (!row) return []
  const { timeZone } = await societySettingsOf(ctx.services, tx)
  return whenAndWhere(row, timeZone)
}

/**
 * A moment as a ticket email says it, on the society's clocks ("Sunday 4 April 2027 at 19:02"), as
 * every other email does (`formatInZone`); the settings are read through the caller's transaction.
 * Never `toUTCString()`: a buyer in London read "Sun, 04 Apr 2027 18:02:00 GMT" for 19:02.
 */
export async function mailMoment(ctx: RequestContext, tx: Tx, at: Date): Promise<string> {
  const { timeZone } = await societySettingsOf(ctx.services, tx)
  return formatInZone(at, timeZone)
}

/** Where a member finds every ticket they hold (signed in with the address the email went to). */
export function yourTicketsLine(ctx: RequestContext): string {
  return `All your tickets, signed in with this email address: ${ctx.services.config.appUrl}/tickets`
}
