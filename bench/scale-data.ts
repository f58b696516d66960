// The bench's scale data set (issue 16): 2,000 members with profiles, 40 events, 20,000
// applications, 5,000 mailing-list subscribers and 20,000 tickets, written in bulk beside whatever
// the database already holds (the demo society, so member1 can sign in). Rows are plain inserts:
// no emails, jobs or audit entries — the bench reads them, nothing acts on them.
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { randomBytes } from 'node:crypto'
import { VOICE_PARTS } from '#core/profiles/profile.schemas.ts'
import type { Db } from '#server/db/client.ts'
import {
  applications,
  events,
  mailingLists,
  mailingListSubscribers,
  profiles,
  ticketOrders,
  tickets,
  ticketSales,
  ticketTypes,
  users,
} from '#server/db/schema/index.ts'

export const SCALE = { members: 2000, events: 40, applications: 20_000, subscribers: 5000, tickets: 20_000 }
const BATCH = 500
const DAY = 86_400_000
const STATUSES = ['SUBMITTED', 'OFFERED', 'CONFIRMED', 'PAID', 'WAITLISTED', 'REJECTED'] as const

/** Insert `rows` in batches (one statement per batch keeps PGlite's memory flat). */
async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH))
}

const code = () => randomBytes(18).toString('base64url')

export async function seedScaleData(db: Db): Promise<typeof SCALE> {
  const now = Date.now()
  const memberIds = Array.from({ length: SCALE.members }, (_, i) => `scale-${i}`)
  await inBatches(memberIds, (batch) =>
    db.insert(users).values(
      batch.map((id, k) => ({
        id,
        name: `Scale Member ${id.slice(6)}`,
        email: `${id}@scale.test`,
        emailVerified: true,
        roles: k % 400 === 0 ? ['orchestraAdmin'] : [],
      })),
    ),
  )
  await inBatches(memberIds, (batch) =>
    db.insert(profiles).values(
      batch.map((userId, k) => ({
        userId,
        slug: `${userId}-profile`,
        voicePart: VOICE_PARTS[k % VOICE_PARTS.length]!,
      })),
    ),
  )

  // Half the events are over, half to come: the sidebar and lists read both.
  const eventRows = await db
    .insert(events)
    .values(
      Array.from({ length: SCALE.events }, (_, i) => ({
        slug: `scale-event-${i}`,
        type: i % 3 === 0 ? ('SHOW' as const) : ('CONCERT' as const),
        title: `Scale event ${i}`,
        startDate: new Date(now + (i - SCALE.events / 2) * 7 * DAY),
        endDate: new Date(now + (i - SCALE.events / 2) * 7 * DAY + DAY),
        visibility: 'public' as const,
        eventConfig: parseEventConfig({}),
      })),
    )
    .returning({ id: events.id })

  // Each member applies to ten events (20,000 applications), in every status.
  const perMember = SCALE.applications / SCALE.members
  const applicationRows = memberIds.flatMap((userId, m) =>
    Array.from({ length: perMember }, (_, k) => {
      const event = eventRows[(m + k * 4) % eventRows.length]!
      return {
        eventId: event.id,
        userId,
        applicationType: 'singer',
        slug: `${userId}-singer`,
        status: STATUSES[(m + k) % STATUSES.length]!,
      }
    }),
  )
  await inBatches(applicationRows, (batch) => db.insert(applications).values(batch))

  const [list] = await db
    .insert(mailingLists)
    .values({ slug: 'scale-list', name: 'Scale list' })
    .returning({ id: mailingLists.id })
  await inBatches(
    Array.from({ length: SCALE.subscribers }, (_, i) => i),
    (batch) =>
      db.insert(mailingListSubscribers).values(
        batch.map((i) => ({
          listId: list!.id,
          email: `subscriber-${i}@scale.test`,
          status: i % 20 === 0 ? ('unsubscribed' as const) : ('subscribed' as const),
          source: 'import' as const,
          userId: i < SCALE.members ? memberIds[i]! : null,
          unsubscribeToken: code(),
        })),
      ),
  )

  // 20,000 tickets over the first 20 events: 1,000 each, in orders of two.
  const ticketEvents = eventRows.slice(0, SCALE.tickets / 1000)
  for (const [e, event] of ticketEvents.entries()) {
    await db.insert(ticketSales).values({ eventId: event.id, capacity: 1000, taken: 1000, published: true })
    const [type] = await db
      .insert(ticketTypes)
      .values({
        eventId: event.id,
        name: 'Adult',
        pricePence: 1200,
        quota: 1000,
        taken: 1000,
        perPersonLimit: 4,
        audience: 'PUBLIC',
        mode: 'FIRST_COME',
      })
      .returning({ id: ticketTypes.id })
    const orders = await db
      .insert(ticketOrders)
      .values(
        Array.from({ length: 500 }, (_, o) => ({
          eventId: event.id,
          ticketTypeId: type!.id,
          userId: memberIds[(e * 500 + o) % memberIds.length]!,
          email: `buyer-${e}-${o}@scale.test`,
          buyerName: `Buyer ${e}-${o}`,
          quantity: 2,
          amountPence: 2400,
          payment: 'BANK_TRANSFER' as const,
          reference: `SCALE-${e}-${o}`,
          status: o % 5 === 0 ? ('AWAITING_PAYMENT' as const) : ('PAID' as const),
        })),
      )
      .returning({ id: ticketOrders.id })
    await inBatches(
      orders.flatMap((order) => [0, 1].map((n) => ({ order, n }))),
      (batch) =>
        db.insert(tickets).values(
          batch.map(({ order, n }) => ({
            orderId: order.id,
            eventId: event.id,
            ticketTypeId: type!.id,
            attendeeName: `Guest ${n + 1}`,
            code: code(),
          })),
        ),
    )
  }
  return SCALE
}
