import { builder } from '#server/graphql/builder.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/types/application-status.ts'
import type { ApplicationChanged } from '#server/realtime/topics.ts'
import { castingApplicationById } from '../casting.queries.ts'
import { CastingApplicationRef } from './casting-application.ts'

export const ApplicationChangeRef = builder.objectRef<ApplicationChanged>('ApplicationChange').implement({
  description: 'An application of the event changed (status, part or reviews).',
  fields: (t) => ({
    applicationId: t.exposeID('applicationId'),
    status: t.field({ type: ApplicationStatusEnum, resolve: (c) => c.status }),
    version: t.exposeInt('version'),
    application: t.field({
      type: CastingApplicationRef,
      nullable: true,
      description: 'The application as it is now (null when it has been deleted).',
      resolve: async (c, _args, ctx) => (await castingApplicationById(ctx, c.applicationId)) ?? null,
    }),
  }),
})
