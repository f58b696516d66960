import type { Role } from '#core/auth/roles.ts'
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestContext, type RequestContext } from '#server/context.ts'
import {
  auditLog,
  ballotGroups,
  ballotRequests,
  tickets,
  ticketSales,
  users,
} from '#server/db/schema/index.ts'
import { createUser, type TestUser, insertTicketedEvent } from '#server/testing/factories.ts'
import { startSmtp, type TestSmtp } from '#server/testing/smtp.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { runBallotDraw } from './run-ballot-draw.ts'
import { setUpTicketSale } from './set-up-ticket-sale.ts'

// Seats and tables (decision 0022): who may seat, the refusals, the audit, and a drawn ballot seated
// at tables with its groups together.

let t: TestApp
let smtp: TestSmtp
let admin: TestUser
let ticketAdmin: TestUser
let member: TestUser

const as = (u: TestUser, roles: Role[]): RequestContext =>
  requestContext(t.app.services, {
    actor: { id: u.id, email: u.email, name: u.name, image: null, roles },
    requestId: randomUUID(),
  })

beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp({ SMTP_URL: smtp.url })
  admin = await createUser(t.app, { roles: ['superAdmin'], name: 'Sam Super' })
  ticketAdmin = await createUser(t.app, { roles: ['ticketAdmin'], name: 'Tess Tickets' })
  member = await createUser(t.app, { name: 'Mia Member' })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

/** A members' ballot drawn with `requests` (quantity, group index or null); the member is the first. */
async function drawnBallot(requests: [number, number | null][]) {
  const db = t.app.services.db
  const event = await insertTicketedEvent(t.app, { slugPrefix: 'seat', type: 'SOCIAL', title: 'Formal' })
  const slug = event.slug
  const [type] = await setUpTicketSale(as(admin, ['superAdmin']), {
    eventSlug: slug,
    capacity: 200,
    published: true,
    addTypes: [
      {
        name: 'Dinner',
        pricePence: 0,
        free: true,
        quota: 200,
        perPersonLimit: 10,
        audience: 'MEMBERS',
        mode: 'BALLOT',
      },
    ],
  })
  const groups = await db
    .insert(ballotGroups)
    .values(
      [0, 1, 2].map((g) => ({ ticketTypeId: type!.id, code: `S${slug}${g}`, name: `G${g}`, maxTickets: 20 })),
    )
    .returning()
  const others = requests.slice(1).map((_, i) => `${slug}-u${i}`)
  await db.insert(users).values(others.map((id) => ({ id, email: `${id}@example.test`, name: id })))
  await db.insert(ballotRequests).values(
    requests.map(([quantity, group], i) => ({
      ticketTypeId: type!.id,
      userId: i === 0 ? member.id : others[i - 1]!,
      email: i === 0 ? member.email : `${others[i - 1]}@example.test`,
      name: i === 0 ? member.name : others[i - 1]!,
      quantity,
      groupId: group === null ? null : groups[group]!.id,
    })),
  )
  await runBallotDraw(as(ticketAdmin, ['ticketAdmin']), {
    eventSlug: slug,
    ticketTypeId: type!.id,
    seed: 's',
  })
  return { slug, eventId: event.id, groups }
}

const AUTO =
  'mutation($e: String!, $n: Int!) { autoSeatTables(eventSlug: $e, tableSize: $n) { seated tables } }'
const ASSIGN = 'mutation($id: ID!, $s: String) { assignSeat(ticketId: $id, seat: $s) { id seat seatText } }'
const SEATING = `query($e: String!) { ticketSeating(eventSlug: $e) { mode tableSize
  tickets { id attendeeName groupName orderId seat seatText } } }`
type SeatingAnswer = {
  ticketSeating: {
    mode: string
    tableSize: number | null
    tickets: {
      id: string
      attendeeName: string
      groupName: string | null
      orderId: string
      seat: string | null
    }[]
  }
}

const codeOf = (r: { body: { errors?: { extensions?: { code?: unknown } }[] } }) =>
  r.body.errors?.[0]?.extensions?.code

describe('seating', () => {
  it('seats a drawn ballot at tables of 4: groups and orders together, never more than 4, audited', async () => {
    // Group 0: 1+1+2 = 4 (one table); group 1: 3+3 = 6 (two consecutive tables); the rest alone.
    const { slug, eventId } = await drawnBallot([
      [2, null],
      [1, 0],
      [1, 0],
      [2, 0],
      [3, 1],
      [3, 1],
      [3, null],
      [1, null],
      [1, 2],
    ])
    const refused = await gql(t.app, AUTO, { token: member.token, variables: { e: slug, n: 4 } })
    expect(codeOf(refused)).toBe('FORBIDDEN')
    expect(codeOf(await gql(t.app, AUTO, { token: ticketAdmin.token, variables: { e: slug, n: 1 } }))).toBe(
      'VALIDATION',
    )
    const r = await gql<{ autoSeatTables: { seated: number; tables: number } }>(t.app, AUTO, {
      token: ticketAdmin.token,
      variables: { e: slug, n: 4 },
    })
    expect(r.body.errors).toBeUndefined()
    expect(r.body.data?.autoSeatTables.seated).toBe(17)

    const seating = await gql<SeatingAnswer>(t.app, SEATING, {
      token: ticketAdmin.token,
      variables: { e: slug },
    })
    const list = seating.body.data!.ticketSeating
    expect(list).toMatchObject({ mode: 'TABLES', tableSize: 4 })
    const perTable = new Map<string, number>()
    for (const x of list.tickets) perTable.set(x.seat!, (perTable.get(x.seat!) ?? 0) + 1)
    for (const n of perTable.values()) expect(n).toBeLessThanOrEqual(4)
    const tablesOf = (pick: (x: (typeof list.tickets)[number]) => boolean) =>
      new Set(list.tickets.filter(pick).map((x) => Number(x.seat)))
    expect(tablesOf((x) => x.groupName === 'G0').size).toBe(1)
    const g1 = [...tablesOf((x) => x.groupName === 'G1')].sort((a, b) => a - b)
    expect(g1).toHaveLength(2)
    expect(g1[1]! - g1[0]!).toBe(1)
    for (const orderId of new Set(list.tickets.filter((x) => !x.groupName).map((x) => x.orderId))) {
      expect(tablesOf((x) => x.orderId === orderId).size).toBe(1)
    }

    const mine = await gql<{ myTickets: { seat: string | null }[] }>(t.app, '{ myTickets { seat } }', {
      token: member.token,
    })
    expect(mine.body.data?.myTickets.map((x) => x.seat)).toEqual([
      expect.stringMatching(/^Table \d+$/),
      expect.stringMatching(/^Table \d+$/),
    ])

    const [audit] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tickets.autoSeatTables'), eq(auditLog.entityId, eventId)))
    expect(audit).toMatchObject({
      actorId: ticketAdmin.id,
      after: { mode: 'TABLES', tableSize: 4, seated: 17 },
    })

    // Again: everyone is seated, nothing moves.
    const again = await gql<{ autoSeatTables: { seated: number } }>(t.app, AUTO, {
      token: ticketAdmin.token,
      variables: { e: slug, n: 4 },
    })
    expect(again.body.data?.autoSeatTables.seated).toBe(0)
    // A table is full at 4; numbered seats are refused while tables are shared.
    const full = [...perTable.entries()].find(([, n]) => n === 4)![0]
    const outsider = list.tickets.find((x) => x.seat !== full)!
    const move = await gql(t.app, ASSIGN, {
      token: ticketAdmin.token,
      variables: { id: outsider.id, s: `Table ${full}` },
    })
    expect(move.body.errors?.[0]).toMatchObject({ message: `Table ${full} is full (4 seats).` })
    const toSeats = await gql(
      t.app,
      'mutation($e: String!) { setTicketSeating(eventSlug: $e, mode: SEATS) { mode } }',
      { token: ticketAdmin.token, variables: { e: slug } },
    )
    expect(codeOf(toSeats)).toBe('VALIDATION')
  })

  it('gives numbered seats one ticket each, refuses bad input with codes, and audits each change', async () => {
    const { slug, eventId } = await drawnBallot([
      [2, null],
      [1, null],
    ])
    const db = t.app.services.db
    const live = await db.select().from(tickets).where(eq(tickets.eventId, eventId))
    const [a, b, c] = live
    const assign = (token: string | undefined, id: string, s: string | null) =>
      gql<{ assignSeat: { seat: string | null; seatText: string | null } }>(t.app, ASSIGN, {
        token,
        variables: { id, s },
      })
    expect(codeOf(await assign(member.token, a!.id, 'A1'))).toBe('FORBIDDEN')
    expect(codeOf(await assign(undefined, a!.id, 'A1'))).toBe('UNAUTHENTICATED')
    expect((await assign(admin.token, a!.id, '  Seat A1 ')).body.data?.assignSeat).toMatchObject({
      seat: 'A1',
      seatText: 'Seat A1',
    })
    const dup = await assign(ticketAdmin.token, b!.id, 'a1')
    expect(dup.body.errors?.[0]).toMatchObject({
      message: 'Seat A1 is already given to another ticket.',
      extensions: { code: 'VALIDATION' },
    })
    expect(codeOf(await assign(ticketAdmin.token, b!.id, 'x'.repeat(21)))).toBe('VALIDATION')
    expect(codeOf(await assign(ticketAdmin.token, randomUUID(), 'A2'))).toBe('NOT_FOUND')
    expect(codeOf(await assign(ticketAdmin.token, 'not-an-id', 'A2'))).toBe('NOT_FOUND')
    expect((await assign(ticketAdmin.token, b!.id, 'A2')).body.errors).toBeUndefined()
    // Nothing half-written: the refused tickets kept no seat; a cleared seat frees the label.
    expect((await db.select().from(tickets).where(eq(tickets.id, c!.id)))[0]!.seat).toBeNull()
    expect((await assign(ticketAdmin.token, a!.id, null)).body.data?.assignSeat.seat).toBeNull()
    expect((await assign(ticketAdmin.token, c!.id, 'A1')).body.errors).toBeUndefined()
    // A voided ticket is no longer seated and holds no seat.
    await db.update(tickets).set({ status: 'VOID' }).where(eq(tickets.id, c!.id))
    expect(codeOf(await assign(ticketAdmin.token, c!.id, 'A3'))).toBe('NOT_FOUND')
    expect((await assign(ticketAdmin.token, a!.id, 'A1')).body.errors).toBeUndefined()

    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tickets.assignSeat'), eq(auditLog.entityId, a!.id)))
      .orderBy(auditLog.id)
    expect(audits.map((x) => [x.before, x.after])).toEqual([
      [{ seat: null }, { seat: 'A1' }],
      [{ seat: 'A1' }, { seat: null }],
      [{ seat: null }, { seat: 'A1' }],
    ])
    expect(audits[0]!.actorId).toBe(admin.id)
    const [sale] = await db.select().from(ticketSales).where(eq(ticketSales.eventId, eventId))
    expect(sale).toMatchObject({ seating: 'SEATS', tableSize: null })

    // The door shows the seat.
    const scan = await gql<{ checkInTicket: { kind: string; seat: string | null } }>(
      t.app,
      'mutation($e: String!, $c: String!) { checkInTicket(eventSlug: $e, code: $c) { kind seat } }',
      { token: ticketAdmin.token, variables: { e: slug, c: a!.code } },
    )
    expect(scan.body.data?.checkInTicket).toEqual({ kind: 'VALID', seat: 'Seat A1' })
  })
})
