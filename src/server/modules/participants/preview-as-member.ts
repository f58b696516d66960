import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { memberSidebar } from '#core/navigation/member-nav.ts'
import type { RequestContext } from '#server/context.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { syntheticApplication, type ParticipantPreview } from './participant-access.ts'

// The admin sandbox: every participant page takes `preview` (participant-access.ts answers as the
// synthetic member would see it); this is the sidebar that member would have. Nothing is written.

export interface SandboxNavItem {
  /** Index of the sidebar section (0: the top one). */
  section: number
  sectionTitle: string | null
  key: string
  label: string
  to: string
}

/** The member sidebar of a synthetic member with one application of this type and status. */
export async function previewMemberSidebar(
  ctx: RequestContext,
  input: { eventSlug: string; preview: ParticipantPreview },
): Promise<SandboxNavItem[]> {
  authorize(ctx.actor, 'admin.general')
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const now = ctx.now()
  const sections = memberSidebar({
    signedIn: true,
    applications: [syntheticApplication(event, parseEventConfig(event.eventConfig), input.preview, now)],
    now,
  })
  return sections.flatMap((s, section) =>
    s.items.map((i) => ({ section, sectionTitle: s.title ?? null, key: i.key, label: i.label, to: i.to })),
  )
}
