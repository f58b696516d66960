import { and, asc, count, desc, gt, isNull, sql } from 'drizzle-orm'
import type { ApplicationStatus } from '#core/applications/status.ts'
import type { RequestContext } from '#server/context.ts'
import { applications, auditLog, events } from '#server/db/schema/index.ts'
import type { EventRow } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { dashboardTodo, recentActivity, type ActivityLine, type TodoLine } from './dashboard-todo.ts'

export interface StatusCount {
  status: ApplicationStatus
  count: number
}

export interface Dashboard {
  applicationsByStatus: StatusCount[]
  upcomingEvents: EventRow[]
  recentActivityCount: number
  todo: TodoLine[]
  recentActivity: ActivityLine[]
}

/** The admin home: applications by status, the next ten events, and a week's audit entries. */
export async function adminDashboard(ctx: RequestContext): Promise<Dashboard> {
  authorize(ctx.actor, 'admin.general')
  const { db } = ctx.services
  const [byStatus, upcoming, [recent]] = await Promise.all([
    db
      .select({ status: applications.status, count: count() })
      .from(applications)
      .groupBy(applications.status)
      .orderBy(applications.status),
    db
      .select()
      .from(events)
      .where(and(gt(events.endDate, ctx.now()), isNull(events.archivedAt)))
      .orderBy(asc(events.startDate))
      .limit(10),
    db
      .select({ n: count() })
      .from(auditLog)
      .where(sql`${auditLog.createdAt} > now() - interval '7 days'`)
      .orderBy(desc(count())),
  ])
  const [todo, activity] = await Promise.all([dashboardTodo(ctx, upcoming), recentActivity(ctx)])
  return {
    applicationsByStatus: byStatus,
    upcomingEvents: upcoming,
    recentActivityCount: recent?.n ?? 0,
    todo,
    recentActivity: activity,
  }
}
