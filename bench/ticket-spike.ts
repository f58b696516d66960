// `npm run bench -- ticket-spike`: 1,000 buyers rush 200 tickets of one type (one each), 100 in
// flight at a time, through the purchase use case, on the embedded database and (when reachable)
// on PostgreSQL. Prints one line per database; oversold must be 0 and every refusal a clean CONFLICT.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { AppError } from '#core/errors.ts'
import { loadConfig } from '#server/config/env.ts'
import { requestContext } from '#server/context.ts'
import { migrateDb, openDb, type DbHandle } from '#server/db/client.ts'
import { events, tickets, ticketSales } from '#server/db/schema/index.ts'
import { purchaseTickets } from '#server/modules/tickets/purchase-tickets.ts'
import { setUpTicketSale } from '#server/modules/tickets/set-up-ticket-sale.ts'
import { createServices } from '#server/services.ts'

const BUYERS = 1000
const TICKETS = 200
const IN_FLIGHT = 100

async function spike(handle: DbHandle): Promise<string> {
  await migrateDb(handle)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-'))
  const built = await createServices(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_MODE: 'false' }),
    { dbHandle: handle, skipMigrations: true },
  )
  try {
    const { db } = handle
    await db.insert(events).values({
      slug: 'spike',
      type: 'CONCERT',
      title: 'Spike',
      startDate: new Date(Date.now() + 86_400_000),
      endDate: new Date(Date.now() + 90_000_000),
      visibility: 'public',
      eventConfig: { applicationTypes: {}, paymentLines: {}, content: { infoPack: {} } } as never,
    })
    const staff = requestContext(built.services, {
      actor: { id: 'bench', email: 'bench@bench.test', name: 'Bench', image: null, roles: ['superAdmin'] },
      requestId: 'bench-setup',
    })
    const [type] = await setUpTicketSale(staff, {
      eventSlug: 'spike',
      capacity: TICKETS,
      published: true,
      addTypes: [
        {
          name: 'Adult',
          pricePence: 1000,
          quota: TICKETS,
          perPersonLimit: 1,
          audience: 'PUBLIC',
          mode: 'FIRST_COME',
        },
      ],
    })
    const anonymous = requestContext(built.services, { actor: null, requestId: 'bench-spike' })
    const latencies: number[] = []
    let sold = 0
    let errors = 0
    let next = 0
    const buyer = async () => {
      while (next < BUYERS) {
        const i = next++
        const t = performance.now()
        try {
          await purchaseTickets(anonymous, {
            eventSlug: 'spike',
            ticketTypeId: type!.id,
            quantity: 1,
            buyerName: `Buyer ${i}`,
            email: `buyer${i}@bench.test`,
            attendeeNames: [`Buyer ${i}`],
            payment: 'PAY_AT_DOOR',
          })
          sold++
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'CONFLICT')) {
            errors++
            if (errors <= 3) console.error(error)
          }
        }
        latencies.push(performance.now() - t)
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, buyer))
    const issued = (await db.select({ id: tickets.id }).from(tickets)).length
    const [sale] = await db.select().from(ticketSales).where(eq(ticketSales.capacity, TICKETS))
    const oversold = Math.max(0, issued - TICKETS, (sale?.taken ?? 0) - TICKETS)
    latencies.sort((a, b) => a - b)
    const p99 = Math.round(latencies[Math.ceil(latencies.length * 0.99) - 1] ?? 0)
    if (issued !== sold) errors++
    return `${BUYERS} buyers, ${TICKETS} tickets, sold ${sold}, oversold ${oversold}, errors ${errors}, p99 ${p99} ms`
  } finally {
    await built.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Run on the embedded database, then on PostgreSQL (BENCH_PG_URL or the local server) in a throwaway database. */
export async function ticketSpike(record: (name: string, value: string) => void): Promise<void> {
  const embedded = await openDb({ dataDir: 'memory://' })
  try {
    const line = await spike(embedded)
    record('ticket spike', line)
  } finally {
    await embedded.close()
  }
  const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `stagedoor_tickets_bench_${process.pid}`
  const client = new pg.Client({ connectionString: admin })
  try {
    await client.connect()
  } catch {
    console.log('ticket spike (PostgreSQL): skipped, no server at', admin)
    return
  }
  await client.query(`create database ${name}`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  const handle = await openDb({ databaseUrl: url.toString(), poolSize: 10 })
  try {
    const line = await spike(handle)
    record('ticket spike', line)
  } finally {
    await handle.close()
    await client.query(`drop database ${name}`)
    await client.end()
  }
}
