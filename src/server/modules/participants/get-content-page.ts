import type { RequestContext } from '#server/context.ts'
import { markdownOrNull, type ContentPage } from './page-content.ts'
import { findPageEvent } from './participant-access.ts'

/** The public content blocks of an event. */
export type ContentBlock = 'ticketSales' | 'cancellationsAndRefunds'

/** Ticket-sales or refund content of an event: for anyone who may see the event, signed out too. */
export async function getContentPage(
  ctx: RequestContext,
  input: { eventSlug: string; block: ContentBlock },
): Promise<ContentPage> {
  const { event, config } = await findPageEvent(ctx, input.eventSlug)
  return { eventSlug: event.slug, eventTitle: event.title, html: markdownOrNull(config.content[input.block]) }
}
