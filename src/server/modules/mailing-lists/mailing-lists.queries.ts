import { and, asc, count, countDistinct, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import Papa from 'papaparse'
import { AppError } from '#core/errors.ts'
import { CSV_COLUMNS } from '#core/mailing-lists/import-plan.ts'
import type { SubscriberStatus } from '#core/mailing-lists/mailing-list.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { mailingListMessages, mailingLists, mailingListSubscribers } from '#server/db/schema/index.ts'
import { pageSize, MAX_LONG_PAGE_SIZE } from '#server/graphql/limits.ts'
import { escapeLike } from '#server/modules/casting/casting-filter.ts'
import { authorize } from '#server/modules/shared/guards.ts'

export type MailingListRow = typeof mailingLists.$inferSelect
export type SubscriberRow = typeof mailingListSubscribers.$inferSelect
export type ListMessageRow = typeof mailingListMessages.$inferSelect

export interface MailingListView extends MailingListRow {
  counts: Record<SubscriberStatus, number>
}

const NOT_FOUND = 'There is no mailing list at that address.'

/** Subscriber counts per status for each list. */
async function countsByList(db: Db): Promise<Map<string, Record<SubscriberStatus, number>>> {
  const rows = await db
    .select({ listId: mailingListSubscribers.listId, status: mailingListSubscribers.status, n: count() })
    .from(mailingListSubscribers)
    .groupBy(mailingListSubscribers.listId, mailingListSubscribers.status)
  const map = new Map<string, Record<SubscriberStatus, number>>()
  for (const r of rows) {
    const c = map.get(r.listId) ?? { unconfirmed: 0, subscribed: 0, unsubscribed: 0, bounced: 0 }
    c[r.status] = r.n
    map.set(r.listId, c)
  }
  return map
}

const noCounts = (): Record<SubscriberStatus, number> => ({
  unconfirmed: 0,
  subscribed: 0,
  unsubscribed: 0,
  bounced: 0,
})

/** Every list with its counts. Mailing-list admins. */
export async function listMailingLists(ctx: RequestContext): Promise<MailingListView[]> {
  authorize(ctx.actor, 'admin.mailingLists')
  const { db } = ctx.services
  const [lists, counts] = await Promise.all([
    db.select().from(mailingLists).orderBy(asc(mailingLists.name)),
    countsByList(db),
  ])
  return lists.map((l) => ({ ...l, counts: counts.get(l.id) ?? noCounts() }))
}

export async function findListBySlug(db: Db, slug: string): Promise<MailingListRow> {
  const list = await db.query.mailingLists.findFirst({ where: eq(mailingLists.slug, slug) })
  if (!list) throw new AppError('NOT_FOUND', NOT_FOUND)
  return list
}

/** One list by slug, for its admin page. */
export async function getMailingList(ctx: RequestContext, slug: string): Promise<MailingListView> {
  authorize(ctx.actor, 'admin.mailingLists')
  const list = await findListBySlug(ctx.services.db, slug)
  const counts = await countsByList(ctx.services.db)
  return { ...list, counts: counts.get(list.id) ?? noCounts() }
}

export interface SubscriberPage {
  total: number
  offset: number
  items: SubscriberRow[]
}

/** Search (email or name), filter by status, page: all in the database, for lists of 50,000. */
export async function listSubscribers(
  ctx: RequestContext,
  input: {
    slug: string
    search?: string | null
    status?: SubscriberStatus | null
    offset?: number | null
    limit?: number | null
  },
): Promise<SubscriberPage> {
  authorize(ctx.actor, 'admin.mailingLists')
  const { db } = ctx.services
  const list = await findListBySlug(db, input.slug)
  const where: SQL[] = [eq(mailingListSubscribers.listId, list.id)]
  if (input.status) where.push(eq(mailingListSubscribers.status, input.status))
  const search = input.search?.trim()
  if (search) {
    const pattern = `%${escapeLike(search)}%`
    where.push(or(ilike(mailingListSubscribers.email, pattern), ilike(mailingListSubscribers.name, pattern))!)
  }
  const limit = pageSize(input.limit, { max: MAX_LONG_PAGE_SIZE })
  const offset = Math.max(0, Math.trunc(input.offset ?? 0))
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(mailingListSubscribers)
      .where(and(...where))
      .orderBy(asc(mailingListSubscribers.email))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(mailingListSubscribers)
      .where(and(...where)),
  ])
  return { total: total?.n ?? 0, offset, items }
}

/** The list's messages, newest first, with their progress. */
export async function listMessages(ctx: RequestContext, slug: string): Promise<ListMessageRow[]> {
  authorize(ctx.actor, 'admin.mailingLists')
  const list = await findListBySlug(ctx.services.db, slug)
  return ctx.services.db
    .select()
    .from(mailingListMessages)
    .where(
      or(
        eq(mailingListMessages.listId, list.id),
        sql`${list.id}::uuid = any(${mailingListMessages.listIds})`,
      ),
    )
    .orderBy(desc(mailingListMessages.createdAt))
    .limit(20)
}

/** Every subscriber of a list as CSV (the columns import reads back). */
export async function exportSubscribersCsv(ctx: RequestContext, slug: string): Promise<string> {
  authorize(ctx.actor, 'admin.mailingLists')
  const { db } = ctx.services
  const list = await findListBySlug(db, slug)
  const rows = await db
    .select()
    .from(mailingListSubscribers)
    .where(eq(mailingListSubscribers.listId, list.id))
    .orderBy(asc(mailingListSubscribers.email))
  return Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: rows.map((r) => [
        r.email,
        r.name,
        r.status,
        r.source,
        r.createdAt.toISOString(),
        r.confirmedAt?.toISOString() ?? '',
      ]),
    },
    { newline: '\n', escapeFormulae: true },
  )
}

export interface PublicList {
  slug: string
  name: string
  description: string
}

/** What the widget offers: public lists only. One list by slug: NOT_FOUND for private or unknown. */
export async function publicLists(ctx: RequestContext, slug?: string): Promise<PublicList[]> {
  const rows = await ctx.services.db
    .select({ slug: mailingLists.slug, name: mailingLists.name, description: mailingLists.description })
    .from(mailingLists)
    .where(and(eq(mailingLists.isPublic, true), slug ? eq(mailingLists.slug, slug) : sql`true`))
    .orderBy(asc(mailingLists.name))
  if (slug && rows.length === 0) throw new AppError('NOT_FOUND', NOT_FOUND)
  return rows
}

/** How many addresses a message to these lists reaches: each subscribed address once. */
export async function countRecipients(tx: Tx, listIds: readonly string[]): Promise<number> {
  const [row] = await tx
    .select({ n: countDistinct(mailingListSubscribers.email) })
    .from(mailingListSubscribers)
    .where(
      and(
        inArray(mailingListSubscribers.listId, [...listIds]),
        eq(mailingListSubscribers.status, 'subscribed'),
      ),
    )
  return row?.n ?? 0
}
