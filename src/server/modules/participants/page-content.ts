import { renderMarkdown } from '#server/content/markdown.ts'

/** A page of an event that is one block of staff-written content (social links, ticket sales, refunds). */
export interface ContentPage {
  eventSlug: string
  eventTitle: string
  html: string | null
}

/** Staff's Markdown rendered and sanitised; null when there is nothing to show. */
export function markdownOrNull(markdown: string | undefined): string | null {
  return markdown?.trim() ? renderMarkdown(markdown) : null
}
