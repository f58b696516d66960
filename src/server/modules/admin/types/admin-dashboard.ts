import { builder } from '#server/graphql/builder.ts'
import { EventRef } from '#server/modules/events/types/event.ts'
import type { Dashboard } from '../dashboard.queries.ts'
import { ActivityLineRef, TodoLineRef } from './dashboard-lines.ts'
import { StatusCountRef } from './status-count.ts'

export const AdminDashboardRef = builder.objectRef<Dashboard>('AdminDashboard').implement({
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
    todo: t.field({ type: [TodoLineRef], resolve: (d) => d.todo }),
    recentActivity: t.field({ type: [ActivityLineRef], resolve: (d) => d.recentActivity }),
  }),
})
