import type { EventPermissions } from '#core/events/event-config.schemas.ts'
import { builder } from '#server/graphql/builder.ts'

export const EventPermissionsRef = builder.objectRef<EventPermissions>('EventPermissions').implement({
  fields: (t) => ({
    releaseParticipantInfoPack: t.exposeBoolean('releaseParticipantInfoPack'),
    releaseFinalParticipantInfo: t.exposeBoolean('releaseFinalParticipantInfo'),
    releaseCastList: t.exposeBoolean('releaseCastList'),
  }),
})
