import { asc, eq } from 'drizzle-orm'
import type { BallotOutcome } from '#core/tickets/tickets.ts'
import type { Db } from '#server/db/client.ts'
import { ballotGroups, ballotRequests } from '#server/db/schema/index.ts'

// A ballot type's requests as the shop (the member's own) and Ticket Allocation (every one) show them.

export interface BallotRequestView {
  id: string
  name: string
  email: string
  quantity: number
  groupName: string | null
  groupCode: string | null
  priority: number
  outcome: BallotOutcome
  drawPosition: number | null
  orderId: string | null
}

/** A request row with its group, as the views show it. */
export const requestView = (
  r: typeof ballotRequests.$inferSelect,
  g: typeof ballotGroups.$inferSelect | null,
): BallotRequestView => ({
  id: r.id,
  name: r.name,
  email: r.email,
  quantity: r.quantity,
  groupName: g?.name ?? null,
  groupCode: g?.code ?? null,
  priority: r.priority,
  outcome: r.outcome,
  drawPosition: r.drawPosition,
  orderId: r.orderId,
})

/** The ballot requests of a type with their groups, in draw order once drawn. */
export async function listBallotRequests(db: Db, typeId: string): Promise<BallotRequestView[]> {
  const rows = await db
    .select()
    .from(ballotRequests)
    .leftJoin(ballotGroups, eq(ballotGroups.id, ballotRequests.groupId))
    .where(eq(ballotRequests.ticketTypeId, typeId))
    .orderBy(asc(ballotRequests.drawPosition), asc(ballotRequests.createdAt))
  return rows.map((r) => requestView(r.ballot_requests, r.ballot_groups))
}
