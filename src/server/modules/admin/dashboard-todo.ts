import type { AuditAction, AuditEntityType } from '#core/audit/audit-actions.ts'
import { and, asc, count, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm'
import { can } from '#core/auth/policies.ts'
import { enumName } from '#core/closed-set.ts'
import type { RequestContext } from '#server/context.ts'
import { applications, auditLog, events, jobs, outbox, profiles, users } from '#server/db/schema/index.ts'
import type { EventRow } from '#server/modules/events/find-visible-event.ts'
import { loadParticipants } from '#server/modules/operations/operations.queries.ts'

/** What a dashboard to-do is about; the client picks its icon and wording by it. */
export const TODO_KINDS = [
  'AWAITING_DECISION',
  'OFFER_EXPIRING',
  'PAYMENT_OVERDUE',
  'REVEAL_SCHEDULED',
  'FAILED_MAIL',
  'FAILED_JOBS',
] as const
export type TodoKind = (typeof TODO_KINDS)[number]

/** One thing that needs doing, and the page that resolves it. */
export interface TodoLine {
  kind: TodoKind
  eventSlug: string | null
  eventTitle: string | null
  text: string
  count: number
  link: string
  at: Date | null
}

export interface ActivityLine {
  id: number
  action: AuditAction
  entityType: AuditEntityType
  actorName: string | null
  at: Date
  link: string
}

const HOUR = 3_600_000
const enc = encodeURIComponent

/** Per upcoming event: decisions waiting, offers expiring within 48 h, overdue payments, reveals; mail and jobs that failed (superAdmin). */
export async function dashboardTodo(ctx: RequestContext, upcoming: EventRow[]): Promise<TodoLine[]> {
  const { db } = ctx.services
  const now = ctx.now()
  const lines: TodoLine[] = []
  const ids = upcoming.map((e) => e.id)
  const [waiting, expiring] = ids.length
    ? await Promise.all([
        db
          .select({ eventId: applications.eventId, n: count() })
          .from(applications)
          .where(and(inArray(applications.eventId, ids), eq(applications.status, 'SUBMITTED')))
          .groupBy(applications.eventId),
        db
          .select({ a: applications, name: users.name, preferred: profiles.preferredName })
          .from(applications)
          .innerJoin(users, eq(users.id, applications.userId))
          .leftJoin(profiles, eq(profiles.userId, applications.userId))
          .where(
            and(
              inArray(applications.eventId, ids),
              eq(applications.status, 'OFFERED'),
              gt(applications.offerExpiresAt, now),
              lte(applications.offerExpiresAt, new Date(now.getTime() + 48 * HOUR)),
            ),
          )
          .orderBy(asc(applications.offerExpiresAt)),
      ])
    : [[], []]
  for (const event of upcoming) {
    const slug = enc(event.slug)
    const n = waiting.find((w) => w.eventId === event.id)?.n ?? 0
    if (n) {
      lines.push({
        kind: 'AWAITING_DECISION',
        eventSlug: event.slug,
        eventTitle: event.title,
        text: `${n} application${n === 1 ? '' : 's'} awaiting a decision`,
        count: n,
        link: `/admin/acceptance/${slug}`,
        at: null,
      })
    }
    for (const { a, name, preferred } of expiring.filter((x) => x.a.eventId === event.id)) {
      lines.push({
        kind: 'OFFER_EXPIRING',
        eventSlug: event.slug,
        eventTitle: event.title,
        text: `Offer to ${preferred?.trim() || name} expires`,
        count: 1,
        link: `/admin/acceptance/${slug}?application=${enc(a.id)}`,
        at: a.offerExpiresAt,
      })
    }
    const { rows } = await loadParticipants(ctx, event)
    const overdue = rows.filter((r) => r.overdue).length
    if (overdue) {
      lines.push({
        kind: 'PAYMENT_OVERDUE',
        eventSlug: event.slug,
        eventTitle: event.title,
        text: `${overdue} payment${overdue === 1 ? '' : 's'} overdue`,
        count: overdue,
        link: `/admin/operations/${slug}?tab=money`,
        at: null,
      })
    }
    if (event.revealAt && event.revealAt > now) {
      lines.push({
        kind: 'REVEAL_SCHEDULED',
        eventSlug: event.slug,
        eventTitle: event.title,
        text: 'Show reveal scheduled',
        count: 1,
        link: '/admin/show-reveals',
        at: event.revealAt,
      })
    }
  }
  if (can(ctx.actor, 'admin.outbox')) {
    const [[mail], [job]] = await Promise.all([
      db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'failed')),
      db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'failed')),
    ])
    if (mail?.n) {
      lines.push({
        kind: 'FAILED_MAIL',
        eventSlug: null,
        eventTitle: null,
        text: `${mail.n} email${mail.n === 1 ? '' : 's'} failed to send`,
        count: mail.n,
        link: '/admin/system/outbox?status=failed',
        at: null,
      })
    }
    if (job?.n) {
      lines.push({
        kind: 'FAILED_JOBS',
        eventSlug: null,
        eventTitle: null,
        text: `${job.n} background job${job.n === 1 ? '' : 's'} failed`,
        count: job.n,
        link: '/admin/system/jobs?status=failed',
        at: null,
      })
    }
  }
  return lines
}

/** The ten newest audit entries, each with the page it concerns. */
export async function recentActivity(ctx: RequestContext): Promise<ActivityLine[]> {
  const { db } = ctx.services
  const rows = await db
    .select({ entry: auditLog, actorName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(10)
  const appIds = rows
    .filter((r) => r.entry.entityType === 'application' && r.entry.entityId)
    .map((r) => r.entry.entityId!)
  const eventIds = rows
    .filter((r) => r.entry.entityType === 'event' && r.entry.entityId)
    .map((r) => r.entry.entityId!)
  const [apps, evs] = await Promise.all([
    appIds.length
      ? db
          .select({ id: applications.id, slug: applications.slug, eventSlug: events.slug })
          .from(applications)
          .innerJoin(events, eq(events.id, applications.eventId))
          .where(inArray(applications.id, appIds))
      : [],
    eventIds.length
      ? db
          .select({ id: events.id, slug: events.slug })
          .from(events)
          .where(and(inArray(events.id, eventIds), isNull(events.archivedAt)))
      : [],
  ])
  const linkOf = (entityType: AuditEntityType, entityId: string | null): string => {
    const app = apps.find((a) => a.id === entityId)
    if (entityType === 'application' && app)
      return `/admin/casting/${enc(app.eventSlug)}/application/${enc(app.slug)}`
    const ev = evs.find((e) => e.id === entityId)
    if (entityType === 'event' && ev) return `/admin/events/${enc(ev.slug)}/edit`
    return can(ctx.actor, 'admin.audit')
      ? `/admin/system/audit?entity=${enumName(entityType)}${entityId ? `&entityId=${enc(entityId)}` : ''}`
      : '/admin'
  }
  return rows.map(({ entry, actorName }) => ({
    id: entry.id,
    action: entry.action,
    entityType: entry.entityType,
    actorName,
    at: entry.createdAt,
    link: linkOf(entry.entityType, entry.entityId),
  }))
}
