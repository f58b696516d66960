import { eq } from 'drizzle-orm'
import { APPLICATION_STATUSES } from '#core/applications/status.ts'
import { applications } from '#server/db/schema/index.ts'
import { builder } from '#server/graphql/builder.ts'
import { requireViewer } from '#server/graphql/guards.ts'
import { EventRef } from '#server/modules/events/event.graphql.ts'

type ApplicationRow = typeof applications.$inferSelect

export const ApplicationStatusEnum = builder.enumType('ApplicationStatus', { values: APPLICATION_STATUSES })

export const ApplicationRef = builder.objectRef<ApplicationRow>('Application').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    applicationType: t.exposeString('applicationType'),
    status: t.field({ type: ApplicationStatusEnum, resolve: (a) => a.status }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime' }),
    event: t.field({ type: EventRef, resolve: (a) => a.eventId }),
  }),
})

builder.queryField('myApplications', (t) =>
  t.field({
    type: [ApplicationRef],
    description:
      "The signed-in member's own applications, every status (the sidebar applies the navigation rules).",
    resolve: (_root, _args, ctx) => {
      const viewer = requireViewer(ctx)
      return ctx.db.select().from(applications).where(eq(applications.userId, viewer.id))
    },
  }),
)
