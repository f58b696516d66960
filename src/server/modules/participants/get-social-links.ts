import type { RequestContext } from '#server/context.ts'
import { markdownOrNull, type ContentPage } from './page-content.ts'
import { participantAccess, type ParticipantPreview } from './participant-access.ts'

/** Group chats and social links of an event, for those the navigation rules show Social Links. */
export async function getSocialLinks(
  ctx: RequestContext,
  input: { eventSlug: string; preview: ParticipantPreview | null },
): Promise<ContentPage> {
  const { event, config } = await participantAccess(ctx, input.eventSlug, 'socialLinks', {
    preview: input.preview,
  })
  return { eventSlug: event.slug, eventTitle: event.title, html: markdownOrNull(config.content.socialLinks) }
}
