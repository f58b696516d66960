import { randomBytes } from 'node:crypto'
import { asc, eq, inArray, like, or } from 'drizzle-orm'
import { eventConfigSchema } from '#core/events/event-config.schemas.ts'
import type { Db } from '#server/db/client.ts'
import {
  ballotGroups,
  ballotRequests,
  events,
  ticketOrderLines,
  ticketOrders,
  tickets,
  ticketSales,
  ticketTypes,
  ticketVouchers,
  ticketWaitlist,
  users,
} from '#server/db/schema/index.ts'
import { DEMO_EVENT_SLUGS } from './demo-events.ts'

// Tickets in the demo (issue 14): the concert season sells three public types first come (one nearly
// sold out, with a waitlist); the Winter Formal runs a ballot with requests and two groups; member1
// holds a concert ticket; FRIENDS10 takes 10% off a concert basket. Idempotent: an event that already has a sale is left alone.

export const DEMO_TICKET_EVENT = 'concert-season-2025'
const DAY = 86_400_000

const code = () => `SD1-${randomBytes(18).toString('base64url')}`
const reference = () => `T-${randomBytes(5).toString('hex').toUpperCase()}`

export async function seedTicketsDemo(db: Db, now = new Date()): Promise<void> {
  const day0 = Math.floor(now.getTime() / DAY) * DAY
  await db
    .insert(events)
    .values({
      slug: DEMO_TICKET_EVENT,
      type: 'CONCERT',
      title: 'Concert Season 2025: Winter Concert',
      summary: 'The season’s first concert: Vivaldi’s Gloria and carols old and new.',
      venue: 'Great Hall, Stagedoor University',
      startDate: new Date(day0 + 40 * DAY + 19 * 3_600_000),
      endDate: new Date(day0 + 40 * DAY + 22 * 3_600_000),
      visibility: 'public',
      eventConfig: eventConfigSchema.parse({
        applicationTypes: {},
        paymentLines: {},
        content: {
          ticketSales: 'Tickets for the Winter Concert: buy below. Doors open 30 minutes before.',
          cancellationsAndRefunds: 'Cancel up to 48 hours before the concert for a full refund.',
        },
      }),
    })
    .onConflictDoNothing({ target: events.slug })
  const found = await db
    .select()
    .from(events)
    .where(inArray(events.slug, [DEMO_TICKET_EVENT, DEMO_EVENT_SLUGS.social]))
  const concert = found.find((e) => e.slug === DEMO_TICKET_EVENT)
  const formal = found.find((e) => e.slug === DEMO_EVENT_SLUGS.social)
  const people = await db.select().from(users).where(inArray(users.email, DEMO_BUYERS))
  const member1 = people.find((p) => p.email === 'member1@stagedoor.test')
  if (concert && !(await hasSale(db, concert.id))) {
    await db.insert(ticketSales).values({ eventId: concert.id, capacity: 220, published: true, taken: 0 })
    const types = await db
      .insert(ticketTypes)
      .values(
        [
          ['Adult', 1200, 150, 'Unreserved seating in the stalls.'],
          ['Concession', 600, 50, 'Students and under-18s: bring proof at the door.'],
          ['Front rows', 2000, 20, 'Rows A–C, with a programme.'],
        ].map(([name, pricePence, quota, info], position) => ({
          eventId: concert.id,
          name: String(name),
          info: String(info),
          pricePence: Number(pricePence),
          quota: Number(quota),
          perPersonLimit: 6,
          audience: 'PUBLIC' as const,
          mode: 'FIRST_COME' as const,
          saleEndsAt: concert.startDate,
          position,
        })),
      )
      .returning()
    const [adult, , front] = types
    // A voucher for friends of the society (decision 0049): 10% off any ticket.
    await db
      .insert(ticketVouchers)
      .values({ eventId: concert.id, code: 'FRIENDS10', kind: 'PERCENT', amount: 10 })
    // Front rows: 19 of 20 sold, and two people waiting.
    const sales: [typeof adult, string, string, number][] = [
      [front!, 'Ada Fielding', 'ada@example.test', 6],
      [front!, 'Ben Osei', 'ben@example.test', 6],
      [front!, 'Cara Nwosu', 'cara@example.test', 6],
      [front!, 'Dev Shah', 'dev@example.test', 1],
      [adult!, 'Eve Marsh', 'eve@example.test', 4],
      [adult!, member1?.name ?? 'Maya Patel', 'member1@stagedoor.test', 2],
    ]
    let daysAgo = sales.length
    for (const [type, name, email, n] of sales) {
      const [order] = await db
        .insert(ticketOrders)
        .values({
          eventId: concert.id,
          ticketTypeId: type!.id,
          userId: email === member1?.email ? member1.id : null,
          email,
          buyerName: name,
          quantity: n,
          amountPence: type!.pricePence * n,
          payment: 'PAY_AT_DOOR',
          reference: reference(),
          status: 'AWAITING_PAYMENT',
          orderToken: randomBytes(18).toString('base64url'),
          createdAt: new Date(now.getTime() - daysAgo-- * DAY),
        })
        .returning()
      await db
        .insert(ticketOrderLines)
        .values({ orderId: order!.id, ticketTypeId: type!.id, quantity: n, unitPricePence: type!.pricePence })
      await db.insert(tickets).values(
        Array.from({ length: n }, (_, i) => ({
          orderId: order!.id,
          eventId: concert.id,
          ticketTypeId: type!.id,
          attendeeName: i === 0 ? name : `${name} guest ${i}`,
          code: code(),
        })),
      )
      await db
        .update(ticketTypes)
        .set({ taken: type!.taken + n })
        .where(eq(ticketTypes.id, type!.id))
      type!.taken += n
    }
    await db
      .update(ticketSales)
      .set({ taken: sales.reduce((s, [, , , n]) => s + n, 0) })
      .where(eq(ticketSales.eventId, concert.id))
    await db.insert(ticketWaitlist).values(
      people
        .filter((p) => p.email !== 'member1@stagedoor.test')
        .slice(0, 2)
        .map((p, i) => ({
          ticketTypeId: front!.id,
          userId: p.id,
          email: p.email,
          name: p.name,
          quantity: 2,
          position: i + 1,
        })),
    )
  }
  if (formal && !(await hasSale(db, formal.id))) {
    await db.insert(ticketSales).values({ eventId: formal.id, capacity: 150, published: true })
    const [ballot] = await db
      .insert(ticketTypes)
      .values({
        eventId: formal.id,
        name: 'Formal dinner',
        info: 'Three courses and the ceilidh. Tables of up to ten.',
        pricePence: 4500,
        quota: 150,
        perPersonLimit: 4,
        audience: 'MEMBERS',
        mode: 'BALLOT',
        saleEndsAt: new Date(formal.startDate.getTime() - 7 * DAY),
      })
      .returning()
    const groups = await db
      .insert(ballotGroups)
      .values([
        { ticketTypeId: ballot!.id, code: 'TENORS01', name: 'Tenor table', maxTickets: 12 },
        { ticketTypeId: ballot!.id, code: 'ORCH0001', name: 'Orchestra table', maxTickets: 12 },
      ])
      .returning()
    const members = await db
      .select()
      .from(users)
      .where(or(inArray(users.email, DEMO_REQUESTERS), like(users.email, '%@members.stagedoor.test')))
      .orderBy(asc(users.email))
      .limit(24)
    await db.insert(ballotRequests).values(
      members.map((m, i) => ({
        ticketTypeId: ballot!.id,
        userId: m.id,
        email: m.email,
        name: m.name,
        quantity: (i % 2) + 1,
        groupId: i < 8 ? groups[i % 2]!.id : null,
      })),
    )
  }
}

async function hasSale(db: Db, eventId: string): Promise<boolean> {
  return (await db.select().from(ticketSales).where(eq(ticketSales.eventId, eventId))).length > 0
}

const DEMO_BUYERS = ['member1@stagedoor.test', 'member2@stagedoor.test', 'member3@stagedoor.test']
const DEMO_REQUESTERS = ['member2@stagedoor.test', 'member3@stagedoor.test']
