import {
  parseEventConfig,
  permissionsSchema,
  type EventPermissions,
} from '#core/events/event-config.schemas.ts'
import type { RequestContext } from '#server/context.ts'
import { changeEvent } from './change-event.ts'
import type { EventRow } from './find-visible-event.ts'

/** Change release flags only (the info pack, final participant info, cast list); members' sidebars follow. */
export function setEventReleases(
  ctx: RequestContext,
  id: string,
  releases: Partial<EventPermissions>,
): Promise<EventRow> {
  return changeEvent(ctx, {
    id,
    capability: 'admin.general',
    action: 'event.releases',
    mutate: async (_tx, before, afterCommit) => {
      const config = parseEventConfig(before.eventConfig)
      const permissions = permissionsSchema.parse({ ...config.permissions, ...releases })
      afterCommit(() => ctx.services.bus.publish('EVENT_RELEASES_CHANGED', { kind: 'releases', eventId: id }))
      return { eventConfig: { ...config, permissions } }
    },
  })
}
