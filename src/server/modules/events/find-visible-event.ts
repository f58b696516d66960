import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { canSeeEvent } from '#core/events/policies.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { eventSlugRedirects, events } from '#server/db/schema/index.ts'

export type EventRow = typeof events.$inferSelect

/** The one refusal for an event that is missing or hidden, so a draft's existence never leaks. */
export function eventNotFound(slug: string): AppError {
  return new AppError('NOT_FOUND', `No event called "${slug}".`)
}

/**
 * The event a slug names, if there is one: the current slug first, else the event an old slug
 * redirects to. No visibility rule: callers that answer a person use `findVisibleEvent`.
 */
export async function findEventBySlug(db: Db | Tx, slug: string): Promise<EventRow | undefined> {
  const [direct] = await db.select().from(events).where(eq(events.slug, slug)).limit(1)
  if (direct) return direct
  const [redirect] = await db
    .select({ event: events })
    .from(eventSlugRedirects)
    .innerJoin(events, eq(events.id, eventSlugRedirects.eventId))
    .where(eq(eventSlugRedirects.oldSlug, slug))
    .limit(1)
  return redirect?.event
}

/**
 * The event a slug names (old slugs followed), as `ctx.actor` may see it (`canSeeEvent`: drafts for
 * staff, members-only events for members); NOT_FOUND in the same words when it is missing or hidden.
 * With `tx` and `lock: true` the row is locked FOR UPDATE for the rest of that transaction (capacity,
 * releases, anything that must not change under a decision).
 */
export async function findVisibleEvent(
  ctx: RequestContext,
  slug: string,
  options: { tx?: Tx; lock?: boolean } = {},
): Promise<EventRow> {
  const db = options.tx ?? ctx.services.db
  const found = await findEventBySlug(db, slug)
  if (!found || !canSeeEvent(ctx.actor, found)) throw eventNotFound(slug)
  if (!options.lock) return found
  if (!options.tx) throw new Error('findVisibleEvent: lock needs a transaction')
  const [locked] = await options.tx.select().from(events).where(eq(events.id, found.id)).for('update')
  if (!locked) throw eventNotFound(slug)
  return locked
}

/** An event by id, locked FOR UPDATE for the rest of the transaction; NOT_FOUND when there is none. */
export async function lockEventById(tx: Tx, id: string): Promise<EventRow> {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update')
  if (!row) throw new AppError('NOT_FOUND', 'No such event.')
  return row
}
