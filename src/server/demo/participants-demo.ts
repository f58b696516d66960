import { and, eq, isNull, sql } from 'drizzle-orm'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import type { Db } from '#server/db/client.ts'
import { applications, eventNumbers, events, partBreakdownCells, users } from '#server/db/schema/index.ts'

const SLUG = 'messiah-singthrough'
const PARTS = ['Soprano', 'Alto', 'Tenor', 'Bass']

/** Messiah numbers and what each part does (a few notes, so the badges show). */
const NUMBERS: { label: string; title: string; notes?: Record<string, string> }[] = [
  { label: '1', title: 'Sinfony', notes: { Soprano: 'tacet', Alto: 'tacet', Tenor: 'tacet', Bass: 'tacet' } },
  {
    label: '2',
    title: 'Comfort ye',
    notes: { Soprano: 'tacet', Alto: 'tacet', Tenor: 'solo', Bass: 'tacet' },
  },
  { label: '4', title: 'And the glory of the Lord' },
  { label: '12', title: 'For unto us a child is born', notes: { Soprano: 'divisi' } },
  { label: '44', title: 'Hallelujah', notes: { Bass: 'divisi' } },
  { label: '53', title: 'Worthy is the Lamb' },
]

const CONTENT = {
  infoPack: {
    singer:
      '## Welcome, singers\n\nArrive by **1.30 pm** for a 2 pm start. Bring a Novello vocal score and a pencil.\n\n- Tea and cake in the interval\n- We finish around 6 pm',
    orchestra:
      '## Welcome, players\n\nSeating rehearsal at **12.30 pm**. Parts are on the stands; bring a stand light.',
  },
  venueAccess:
    '**Door code:** 4821 (side door on Chapel Lane).\n\nStep-free access through the north porch; an accessible toilet is by the vestry.\n\nOn the day, call the stage manager on 07700 900123.',
  socialLinks:
    '- [Singers’ group chat](https://chat.example.org/messiah-singers)\n- [Instagram](https://www.instagram.com/stagedoor.example/)',
  ticketSales: 'Audience tickets are £8 (£5 concessions) at the door.',
  cancellationsAndRefunds: 'Cancel up to a week before for a full refund of your participation fee.',
}

/**
 * Demo participant material for the sing-through: parts, content blocks (only those not yet written),
 * the part breakdown, and member1's part (only when unassigned). Once the event has numbers it has
 * been seeded, and a start costs one query (demo mode seeds on every start).
 */
export async function seedParticipantsDemo(db: Db): Promise<void> {
  const [found] = await db
    .select({
      event: events,
      seeded: sql<boolean>`exists (select 1 from ${eventNumbers} where ${eventNumbers.eventId} = ${events.id})`,
    })
    .from(events)
    .where(eq(events.slug, SLUG))
  if (!found || found.seeded) return
  const { event } = found
  const config = parseEventConfig(event.eventConfig)
  const parts = config.parts.length ? config.parts : PARTS
  const content = {
    ...config.content,
    infoPack: { ...CONTENT.infoPack, ...config.content.infoPack },
    venueAccess: config.content.venueAccess ?? CONTENT.venueAccess,
    socialLinks: config.content.socialLinks ?? CONTENT.socialLinks,
    ticketSales: config.content.ticketSales ?? CONTENT.ticketSales,
    cancellationsAndRefunds: config.content.cancellationsAndRefunds ?? CONTENT.cancellationsAndRefunds,
  }
  await db
    .update(events)
    .set({ eventConfig: parseEventConfig({ ...config, parts, content }) })
    .where(eq(events.id, event.id))

  const numbers = await db
    .insert(eventNumbers)
    .values(NUMBERS.map((n, i) => ({ eventId: event.id, position: i + 1, label: n.label, title: n.title })))
    .onConflictDoNothing()
    .returning({ id: eventNumbers.id, label: eventNumbers.label })
  const cells = numbers.flatMap((row) =>
    Object.entries(NUMBERS.find((n) => n.label === row.label)?.notes ?? {})
      .filter(([part]) => parts.includes(part))
      .map(([part, note]) => ({ numberId: row.id, part, note })),
  )
  if (cells.length) await db.insert(partBreakdownCells).values(cells).onConflictDoNothing()

  const member1 = await db.query.users.findFirst({ where: eq(users.email, 'member1@stagedoor.test') })
  if (member1) {
    await db
      .update(applications)
      .set({ part: parts[0]! })
      .where(
        and(
          eq(applications.eventId, event.id),
          eq(applications.userId, member1.id),
          eq(applications.applicationType, 'singer'),
          isNull(applications.part),
        ),
      )
  }
}
