import {
  parseEventConfig,
  permissionsSchema,
  type EventPermissions,
} from '#core/events/event-config.schemas.ts'
import { newlyReleased } from '#core/notifications/releases.ts'
import type { RequestContext } from '#server/context.ts'
import { changeEvent } from '#server/modules/events/change-event.ts'
import type { EventRow } from '#server/modules/events/find-visible-event.ts'
import { notifyReleases } from './notify-releases.ts'

/**
 * Change release flags only (the info pack, final participant info, cast list); members' sidebars
 * follow, and participants are told of a page just released.
 */
export function setEventReleases(
  ctx: RequestContext,
  id: string,
  releases: Partial<EventPermissions>,
): Promise<EventRow> {
  return changeEvent(ctx, {
    id,
    capability: 'admin.general',
    action: 'event.releases',
    mutate: async (tx, before, afterCommit) => {
      const config = parseEventConfig(before.eventConfig)
      const permissions = permissionsSchema.parse({ ...config.permissions, ...releases })
      // Participants who can now open a released page hear of it (email, and push where turned on).
      const announced = config.announcedReleases ?? []
      const released = newlyReleased(config.permissions, permissions, announced)
      const after = {
        ...config,
        permissions,
        ...(released.length ? { announcedReleases: [...announced, ...released] } : {}),
      }
      await notifyReleases(ctx, tx, before, { before: config, after }, released)
      afterCommit(() => ctx.services.bus.publish('EVENT_RELEASES_CHANGED', { kind: 'releases', eventId: id }))
      return { eventConfig: after }
    },
  })
}
