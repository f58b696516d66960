import { and, asc, count, desc, gt, isNull, sql } from 'drizzle-orm'
import { applications, auditLog, events } from '#server/db/schema/index.ts'
import { builder } from '#server/graphql/builder.ts'
import { requireCapability } from '#server/graphql/guards.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/application.graphql.ts'
import { EventRef } from '#server/modules/events/event.graphql.ts'

interface StatusCount {
  status: (typeof applications.$inferSelect)['status']
  count: number
}

const StatusCountRef = builder.objectRef<StatusCount>('StatusCount').implement({
  fields: (t) => ({
    status: t.field({ type: ApplicationStatusEnum, resolve: (c) => c.status }),
    count: t.exposeInt('count'),
  }),
})

interface Dashboard {
  applicationsByStatus: StatusCount[]
  upcomingEvents: (typeof events.$inferSelect)[]
  recentActivityCount: number
}

const DashboardRef = builder.objectRef<Dashboard>('AdminDashboard').implement({
  description: 'The admin home: counts, deadlines and recent activity.',
  fields: (t) => ({
    applicationsByStatus: t.field({ type: [StatusCountRef], resolve: (d) => d.applicationsByStatus }),
    upcomingEvents: t.field({
      type: [EventRef],
      description: 'Events not yet ended, earliest first, with their signup deadlines.',
      resolve: (d) => d.upcomingEvents,
    }),
    recentActivityCount: t.exposeInt('recentActivityCount', {
      description: 'Audit entries in the last 7 days.',
    }),
  }),
})

builder.queryField('adminDashboard', (t) =>
  t.field({
    type: DashboardRef,
    resolve: async (_root, _args, ctx) => {
      requireCapability(ctx, 'admin.general')
      const now = new Date()
      const [byStatus, upcoming, [recent]] = await Promise.all([
        ctx.db
          .select({ status: applications.status, count: count() })
          .from(applications)
          .groupBy(applications.status)
          .orderBy(applications.status),
        ctx.db
          .select()
          .from(events)
          .where(and(gt(events.endDate, now), isNull(events.archivedAt)))
          .orderBy(asc(events.startDate))
          .limit(10),
        ctx.db
          .select({ n: count() })
          .from(auditLog)
          .where(sql`${auditLog.createdAt} > now() - interval '7 days'`)
          .orderBy(desc(count())),
      ])
      return { applicationsByStatus: byStatus, upcomingEvents: upcoming, recentActivityCount: recent?.n ?? 0 }
    },
  }),
)
