import { builder } from '#server/graphql/builder.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/types/application-status.ts'
import type { StatusCount } from '../dashboard.queries.ts'

export const StatusCountRef = builder.objectRef<StatusCount>('StatusCount').implement({
  fields: (t) => ({
    status: t.field({ type: ApplicationStatusEnum, resolve: (c) => c.status }),
    count: t.exposeInt('count'),
  }),
})
