import { can } from '#core/auth/policies.ts'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { visibleShowName } from '#core/events/policies.ts'
import { eq } from 'drizzle-orm'
import type { RequestContext } from '#server/context.ts'
import { eventSlugRedirects } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { changeEvent } from './change-event.ts'
import { parseEventInput } from './create-event.ts'
import type { EventRow } from './find-visible-event.ts'

/** Replace an event's editable fields; a new slug leaves the old one redirecting. */
export async function updateEvent(ctx: RequestContext, id: string, input: unknown): Promise<EventRow> {
  // Who may ask is checked before what they asked, so refusals never leak validation detail.
  authorize(ctx.actor, 'admin.general')
  const data = parseEventInput(input)
  return changeEvent(ctx, {
    id,
    capability: 'admin.general',
    action: 'event.update',
    mutate: async (tx, before, afterCommit) => {
      if (data.slug !== before.slug) {
        await tx.delete(eventSlugRedirects).where(eq(eventSlugRedirects.oldSlug, data.slug))
        await tx
          .insert(eventSlugRedirects)
          .values({ oldSlug: before.slug, eventId: id })
          .onConflictDoUpdate({ target: eventSlugRedirects.oldSlug, set: { eventId: id } })
      }
      // NOTE: a full edit can change releases, payment lines, dates or the type, all of which the
      // sidebar's rules read, so members' sidebars refresh after any edit.
      afterCommit(() => ctx.services.bus.publish('EVENT_RELEASES_CHANGED', { kind: 'releases', eventId: id }))
      // Which releases were announced is the server's record, not the form's.
      const { announcedReleases } = parseEventConfig(before.eventConfig)
      const { announcedReleases: _typed, ...typedConfig } = data.eventConfig
      const kept = {
        ...data,
        eventConfig: { ...typedConfig, ...(announcedReleases ? { announcedReleases } : {}) },
      }
      // Staff who may not see an unrevealed show name (they read null) cannot change or clear it.
      if (!can(ctx.actor, 'admin.showReveals') && visibleShowName(ctx.actor, before, ctx.now()) === null) {
        return { ...kept, showName: before.showName }
      }
      return kept
    },
  })
}
