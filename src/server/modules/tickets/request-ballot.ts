import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { saleOpen, ticketQuantityRefusal } from '#core/tickets/tickets.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { ballotGroups, ballotRequests, ticketTypes } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authenticate, isUniqueViolation } from '#server/modules/shared/guards.ts'
import { isParticipant, refusalError } from './ticket-checks.ts'

export interface BallotRequestInput {
  eventSlug: string
  ticketTypeId: string
  quantity: number
  /** Join an existing group by its code… */
  groupCode?: string | null
  /** …or start one with this name (its code is returned to share). */
  newGroupName?: string | null
}

export type BallotRequestRow = typeof ballotRequests.$inferSelect
export type BallotGroupRow = typeof ballotGroups.$inferSelect

/** Most tickets a group may request together. */
export const GROUP_MAX_TICKETS = 12

/**
 * Request ballot tickets (signed-in members, during the window, once per type), alone or in a group
 * that is drawn whole or not at all. Participants of the event are drawn first.
 */
export async function requestBallot(
  ctx: RequestContext,
  input: BallotRequestInput,
): Promise<{ request: BallotRequestRow; group: BallotGroupRow | null }> {
  const viewer = authenticate(ctx.actor)
  return withTx(ctx, async (tx) => {
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx })
    const [type] = await tx
      .select()
      .from(ticketTypes)
      .where(and(eq(ticketTypes.id, input.ticketTypeId), eq(ticketTypes.eventId, event.id)))
      .for('update')
    if (!type || type.mode !== 'BALLOT') throw new AppError('NOT_FOUND', 'That ballot does not exist.')
    if (type.drawnAt || !saleOpen(type, ctx.now())) {
      throw new AppError('CONFLICT', `The ${type.name} ballot is not taking requests now.`)
    }
    const tooMany = ticketQuantityRefusal(type, input.quantity, 0, 'request')
    if (tooMany) throw refusalError(tooMany)
    let group: BallotGroupRow | null = null
    const code = input.groupCode?.trim().toUpperCase()
    if (code) {
      const [found] = await tx.select().from(ballotGroups).where(eq(ballotGroups.code, code)).for('update')
      if (!found) throw new AppError('NOT_FOUND', `No group has the code ${code}.`)
      if (found.ticketTypeId !== type.id) {
        throw new AppError('VALIDATION', `Group ${code} is for another ballot.`, {
          fields: [{ path: 'groupCode', message: `Group ${code} is for another ballot.` }],
        })
      }
      const [row] = await tx
        .select({ n: sql<number>`coalesce(sum(${ballotRequests.quantity}), 0)::int` })
        .from(ballotRequests)
        .where(eq(ballotRequests.groupId, found.id))
      if (Number(row?.n ?? 0) + input.quantity > found.maxTickets) {
        throw new AppError('CONFLICT', `Group ${found.name} is full (${found.maxTickets} tickets at most).`)
      }
      group = found
    } else if (input.newGroupName?.trim()) {
      const [created] = await tx
        .insert(ballotGroups)
        .values({
          ticketTypeId: type.id,
          code: randomBytes(4).toString('hex').toUpperCase(),
          name: input.newGroupName.trim().slice(0, 80),
          maxTickets: GROUP_MAX_TICKETS,
          createdBy: viewer.id,
        })
        .returning()
      group = created!
    }
    const priority = (await isParticipant(tx, event.id, viewer.id)) ? 0 : 2
    try {
      const [request] = await tx
        .insert(ballotRequests)
        .values({
          ticketTypeId: type.id,
          userId: viewer.id,
          email: viewer.email,
          name: viewer.name,
          quantity: input.quantity,
          groupId: group?.id ?? null,
          priority,
          createdAt: ctx.now(),
        })
        .returning()
      await auditChange(tx, ctx, {
        action: 'tickets.ballotRequest',
        entityType: 'ballot_request',
        entityId: request!.id,
        after: { quantity: input.quantity, group: group?.code ?? null },
      })
      return { request: request!, group }
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', `You have already requested ${type.name} tickets.`)
      }
      throw error
    }
  })
}
