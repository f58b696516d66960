import { randomBytes } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import type { SubscriberStatus } from '#core/mailing-lists/mailing-list.ts'
import { mailingLists, mailingListSubscribers } from '#server/db/schema/index.ts'
import type { Services } from '#server/services.ts'

const FIRST = ['Alex', 'Sam', 'Jo', 'Priya', 'Tom', 'Aisha', 'Ben', 'Chen', 'Dara', 'Eli', 'Fern', 'Gus']
const LAST = ['Hughes', 'Khan', 'Morgan', 'Osei', 'Price', 'Quinn', 'Rossi', 'Singh', 'Turner', 'Walsh']

/** Mostly subscribed, with a few of every other state, in a fixed pattern. */
function statusOf(n: number): SubscriberStatus {
  if (n % 23 === 0) return 'unsubscribed'
  if (n % 31 === 0) return 'bounced'
  if (n % 17 === 0) return 'unconfirmed'
  return 'subscribed'
}

function people(count: number, offset: number, domain: string) {
  return Array.from({ length: count }, (_, i) => {
    const n = i + offset
    const first = FIRST[n % FIRST.length]!
    const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!
    return { email: `${first}.${last}${String(n)}@${domain}`.toLowerCase(), name: `${first} ${last}`, n }
  })
}

/**
 * Two public lists (News, Concert-goers) with a few hundred subscribers each and a private one
 * (Committee). Idempotent: existing lists and addresses are left as they are.
 */
export async function seedMailingListsDemo(db: Services['db'], now: Date): Promise<void> {
  await db
    .insert(mailingLists)
    .values([
      {
        slug: 'news',
        name: 'News',
        description: 'What is on, once a month.',
        welcomeMessage: 'Thanks for joining **Stagedoor News**. Expect one email a month.',
      },
      { slug: 'concert-goers', name: 'Concert-goers', description: 'First to hear when tickets go on sale.' },
      { slug: 'committee', name: 'Committee', description: 'Committee business.', isPublic: false },
    ])
    .onConflictDoNothing({ target: mailingLists.slug })
  const lists = await db
    .select()
    .from(mailingLists)
    .where(inArray(mailingLists.slug, ['news', 'concert-goers', 'committee']))
  const bySlug = new Map(lists.map((l) => [l.slug, l.id]))
  const day = 86_400_000
  const rows = [
    ...people(320, 0, 'example.org').map((p) => ({ ...p, list: 'news' })),
    ...people(240, 150, 'example.org').map((p) => ({ ...p, list: 'concert-goers' })),
    ...people(8, 900, 'committee.example.org').map((p) => ({ ...p, list: 'committee', n: p.n + 1 })),
  ].flatMap((p) => {
    const listId = bySlug.get(p.list)
    if (!listId) return []
    const status = p.list === 'committee' ? 'subscribed' : statusOf(p.n)
    const createdAt = new Date(now.getTime() - ((p.n * 7) % 400) * day - (status === 'unconfirmed' ? 0 : day))
    return [
      {
        listId,
        email: p.email,
        name: p.name,
        status,
        source: 'demo' as const,
        unsubscribeToken: randomBytes(24).toString('base64url'),
        createdAt:
          status === 'unconfirmed' ? new Date(now.getTime() - ((p.n % 5) + 1) * 3_600_000) : createdAt,
        confirmedAt: status === 'unconfirmed' ? null : createdAt,
        unsubscribedAt: status === 'unsubscribed' ? now : null,
      },
    ]
  })
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insert(mailingListSubscribers)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing()
  }
}
