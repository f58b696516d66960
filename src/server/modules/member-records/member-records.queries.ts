import { and, asc, count, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm'
import { stringify } from 'csv-stringify/sync'
import { rolesOf, type Role } from '#core/auth/roles.ts'
import { AppError } from '#core/errors.ts'
import {
  MEMBER_CSV_COLUMNS,
  memberRecordFilterSchema,
  PARTICIPATED_STATUSES,
  type MemberRecordFilter,
} from '#core/profiles/member-records.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import { applications, profiles, users, type Instrument } from '#server/db/schema/index.ts'
import { MAX_LONG_PAGE_SIZE, pageSize } from '#server/graphql/limits.ts'
import { findEventBySlug } from '#server/modules/events/find-visible-event.ts'
import { escapeLike } from '#server/modules/casting/casting-filter.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'

/** One row of the member records list. `slug` is the profile's, or the user id before a profile exists. */
export interface MemberRecordRow {
  userId: string
  slug: string
  name: string
  email: string
  preferredName: string | null
  voicePart: string | null
  instruments: Instrument[]
  roles: Role[]
  joinedAt: Date
}

export interface MemberRecordPage {
  total: number
  offset: number
  items: MemberRecordRow[]
}

/** At most this many rows in one CSV export (the society's whole membership, with room to spare). */
export const MAX_EXPORT_ROWS = 20_000

/** "Violin (advanced); Viola (beginner)": the list's and the CSV's one text for instruments. */
export function instrumentSummary(instruments: readonly Instrument[]): string {
  return instruments.map((i) => `${i.instrument} (${i.level})`).join('; ')
}

export function parseMemberFilter(raw: unknown): MemberRecordFilter {
  const parsed = memberRecordFilterSchema.safeParse(raw ?? {})
  if (!parsed.success) throw validationError(parsed.error.issues)
  return parsed.data
}

/** The WHERE clause of a filter; an unknown event slug matches nobody. */
async function whereOf(db: Db, filter: MemberRecordFilter): Promise<SQL | undefined> {
  // The anonymous holders of deleted members' applications (decision 0020) are nobody's record.
  const conditions: (SQL | undefined)[] = [sql`${users.id} not like 'deleted-%'`]
  if (filter.search) {
    // One LIKE over one lower-cased text per row: ILIKE on each column costs four times as much.
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`
    conditions.push(
      sql`lower(${users.name} || ' ' || ${users.email} || ' ' || coalesce(${profiles.preferredName}, '') || ' ' || coalesce(${profiles.slug}, '')) like ${pattern}`,
    )
  }
  if (filter.role) conditions.push(sql`${filter.role} = any(${users.roles})`)
  if (filter.voicePart) conditions.push(eq(profiles.voicePart, filter.voicePart))
  if (filter.instrument) {
    conditions.push(
      sql`exists (select 1 from jsonb_array_elements(${profiles.instruments}) as i
        where lower(i->>'instrument') = lower(${filter.instrument}))`,
    )
  }
  if (filter.eventSlug) {
    const event = await findEventBySlug(db, filter.eventSlug)
    if (!event) return sql`false`
    conditions.push(
      sql`exists (select 1 from ${applications} where ${applications.userId} = ${users.id}
        and ${applications.eventId} = ${event.id}
        and ${applications.status} in (${sql.join(
          PARTICIPATED_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}))`,
    )
  }
  if (filter.joinedYear) {
    conditions.push(
      gte(users.createdAt, new Date(Date.UTC(filter.joinedYear, 0, 1))),
      lt(users.createdAt, new Date(Date.UTC(filter.joinedYear + 1, 0, 1))),
    )
  }
  return and(...conditions)
}

const columns = {
  userId: users.id,
  profileSlug: profiles.slug,
  name: users.name,
  email: users.email,
  preferredName: profiles.preferredName,
  voicePart: profiles.voicePart,
  instruments: profiles.instruments,
  roles: users.roles,
  joinedAt: users.createdAt,
}

type Selected = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null }

function toRow(r: Selected): MemberRecordRow {
  return {
    userId: r.userId!,
    slug: r.profileSlug ?? r.userId!,
    name: r.name!,
    email: r.email!,
    preferredName: r.preferredName,
    voicePart: r.voicePart,
    instruments: r.instruments ?? [],
    roles: rolesOf({ roles: r.roles }),
    joinedAt: r.joinedAt!,
  }
}

async function selectMembers(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(limit)
    .offset(offset)
  return { items: rows.map(toRow), total: rows[0]?.total }
}

/**
 * Search, filter and page the membership in the database (5,000 members and more): one count and
 * one page query, ordered by name. superAdmin, boardMember, orchestraAdmin.
 */
export async function listMemberRecords(
  ctx: RequestContext,
  input: { filter?: unknown; offset?: number | null; limit?: number | null },
): Promise<MemberRecordPage> {
  authorize(ctx.actor, 'admin.profiles')
  const filter = parseMemberFilter(input.filter)
  const { db } = ctx.services
  const where = await whereOf(db, filter)
  const offset = Math.max(input.offset ?? 0, 0)
  const limit = pageSize(input.limit, { max: MAX_LONG_PAGE_SIZE })
  // The total comes with the page (a window count: one scan); past the end, counted on its own.
  const page = await selectMembers(db, where, limit, offset)
  let total = page.total ?? (offset === 0 ? 0 : undefined)
  if (total === undefined) {
    const [counted] = await db
      .select({ n: count() })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
    total = counted?.n ?? 0
  }
  return { total, offset, items: page.items }
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading
 * quote, as the mailing-list export does (papaparse's escapeFormulae).
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** The filtered list as CSV, every match in the list's order (MEMBER_CSV_COLUMNS). */
export async function exportMemberRecordsCsv(ctx: RequestContext, rawFilter: unknown): Promise<string> {
  authorize(ctx.actor, 'admin.profiles')
  const filter = parseMemberFilter(rawFilter)
  const { db } = ctx.services
  const { items: rows } = await selectMembers(db, await whereOf(db, filter), MAX_EXPORT_ROWS + 1, 0)
  if (rows.length > MAX_EXPORT_ROWS)
    throw new AppError('BAD_REQUEST', `More than ${MAX_EXPORT_ROWS} members match: narrow the filter.`)
  return stringify(
    rows.map((r) =>
      [
        r.name,
        r.preferredName ?? '',
        r.email,
        r.slug,
        r.roles.join(' '),
        r.voicePart ?? '',
        instrumentSummary(r.instruments),
        r.joinedAt.toISOString(),
      ].map(safeCell),
    ),
    { header: true, columns: [...MEMBER_CSV_COLUMNS] },
  )
}

/** A member by profile slug or user id (the record's URL before a profile exists); NOT_FOUND otherwise. */
export async function findMember(db: Db, slug: string): Promise<MemberRecordRow> {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(or(eq(profiles.slug, slug), eq(users.id, slug)))
    .orderBy(sql`${profiles.slug} = ${slug} desc nulls last`)
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'There is no member at that address.')
  return toRow(row)
}
