import { builder } from '#server/graphql/builder.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/types/application-status.ts'
import { EventTypeEnum } from '#server/modules/events/types/event.ts'
import type { PastParticipation } from '../casting.queries.ts'

export const PastParticipationRef = builder.objectRef<PastParticipation>('PastParticipation').implement({
  description: 'A CONFIRMED or PAID application of the same member to another event.',
  fields: (t) => ({
    id: t.exposeID('id'),
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    eventType: t.field({ type: EventTypeEnum, resolve: (p) => p.eventType }),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    applicationType: t.exposeString('applicationType'),
    status: t.field({ type: ApplicationStatusEnum, resolve: (p) => p.status }),
    part: t.exposeString('part', { nullable: true }),
  }),
})
