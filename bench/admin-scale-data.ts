// What the admin pages read beyond the scale data set (issue 32), written after `seedScaleData`:
// the events' application type, payment lines and parts; reviews, parts and payments on the
// applications; the ticket orders' lines, payments, spread-out dates and check-ins. Without these the
// casting list has no scores, acceptance and operations no money, and ticket stats sell nothing (an
// order's tickets are its lines since decision 0045). Set-based SQL: a few statements, any engine.
import { sql, type SQL } from 'drizzle-orm'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { executeRows, type Db } from '#server/db/client.ts'

export const ADMIN_SCALE_PARTS = ['Soprano', 'Alto', 'Tenor', 'Bass']

/** The scale events' configuration: one type with a capacity, two payment lines (one overdue), parts. */
export const ADMIN_SCALE_EVENT_CONFIG = parseEventConfig({
  applicationTypes: {
    singer: {
      label: 'Singer',
      capacity: 300,
      questions: [{ id: 'voice', label: 'Your voice part', kind: 'voice_part', required: false }],
    },
  },
  paymentLines: {
    singer: [
      { key: 'subs', label: 'Subs', amountPence: 4500, dueDate: '2026-01-31' },
      { key: 'music', label: 'Music hire', amountPence: 1200 },
    ],
  },
  parts: ADMIN_SCALE_PARTS,
})

export interface AdminScaleCounts {
  reviews: number
  applicationPayments: number
  orderLines: number
  ticketPayments: number
  checkedIn: number
}

const countOf = async (db: Db, query: SQL) => Number((await executeRows<{ n: number }>(db, query))[0]?.n ?? 0)

export async function seedAdminScaleData(db: Db): Promise<AdminScaleCounts> {
  await db.execute(
    sql`update events set event_config = ${JSON.stringify(ADMIN_SCALE_EVENT_CONFIG)}::jsonb where slug like 'scale-event-%'`,
  )
  // Two reviewers (the scale members with a role) score two applications in three; one in three
  // of those twice.
  await db.execute(sql`
    insert into application_reviews (application_id, reviewer_id, score, note)
    select a.id, r.reviewer, 1 + (abs(hashtext(a.id::text || r.reviewer)) % 5), ''
    from applications a
    cross join (values ('scale-0'), ('scale-400')) as r(reviewer)
    where a.slug like 'scale-%' and abs(hashtext(a.id::text)) % 3 <> 0
      and (r.reviewer = 'scale-0' or abs(hashtext(a.id::text)) % 3 = 1)`)
  // Parts for those with a place.
  await db.execute(sql`
    update applications set part = (array['Soprano','Alto','Tenor','Bass'])[1 + abs(hashtext(id::text)) % 4]
    where slug like 'scale-%' and status in ('OFFERED', 'CONFIRMED', 'PAID')`)
  // Paid members paid both lines; every other confirmed member the subs only.
  await db.execute(sql`
    insert into payments (application_id, line_key, amount_pence, method, reference)
    select a.id, l.key, l.amount, (array['BANK_TRANSFER','CASH','CARD'])[1 + abs(hashtext(a.id::text)) % 3], 'SCALE'
    from applications a cross join (values ('subs', 4500), ('music', 1200)) as l(key, amount)
    where a.slug like 'scale-%'
      and (a.status = 'PAID' or (a.status = 'CONFIRMED' and l.key = 'subs' and abs(hashtext(a.id::text)) % 2 = 0))`)
  // Dietary and access needs for one member in ten (operations shows them).
  await db.execute(sql`
    update profiles set dietary_requirements = 'Vegetarian', access_needs = 'Step-free access'
    where user_id like 'scale-%' and abs(hashtext(user_id)) % 10 = 0`)
  // Each scale order's line (its one type, two tickets), its payment when paid, its date spread
  // over the 30 days before now, and one ticket in four of the past events' checked in.
  await db.execute(sql`
    insert into ticket_order_lines (order_id, ticket_type_id, quantity, unit_price_pence, position)
    select id, ticket_type_id, quantity, amount_pence / quantity, 0 from ticket_orders where reference like 'SCALE-%'`)
  await db.execute(sql`
    insert into ticket_payments (order_id, amount_pence, method, reference)
    select id, amount_pence, (array['BANK_TRANSFER','CASH','CARD'])[1 + abs(hashtext(id::text)) % 3], reference
    from ticket_orders where reference like 'SCALE-%' and status = 'PAID'`)
  await db.execute(sql`
    update ticket_orders set created_at = now() - (abs(hashtext(id::text)) % 30) * interval '1 day'
    where reference like 'SCALE-%'`)
  await db.execute(sql`
    update tickets set status = 'CHECKED_IN', checked_in_at = now()
    where abs(hashtext(id::text)) % 4 = 0
      and event_id in (select id from events where slug like 'scale-event-%' and start_date < now())`)
  return {
    reviews: await countOf(db, sql`select count(*)::int as n from application_reviews`),
    applicationPayments: await countOf(
      db,
      sql`select count(*)::int as n from payments where reference = 'SCALE'`,
    ),
    orderLines: await countOf(
      db,
      sql`select count(*)::int as n from ticket_order_lines l join ticket_orders o on o.id = l.order_id where o.reference like 'SCALE-%'`,
    ),
    ticketPayments: await countOf(
      db,
      sql`select count(*)::int as n from ticket_payments where reference like 'SCALE-%'`,
    ),
    checkedIn: await countOf(db, sql`select count(*)::int as n from tickets where status = 'CHECKED_IN'`),
  }
}
