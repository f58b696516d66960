/** Where the admin's chosen ticket event is remembered, per browser. */
export const TICKET_EVENT_STORAGE_KEY = 'stagedoor.admin.ticketEvent'

/**
 * The event the ticket links use: the one whose ticket page is open, else the one chosen before if
 * it still exists (or while the list is loading), else none.
 */
export function effectiveTicketEvent(
  routeSlug: string | undefined,
  storedSlug: string | null,
  knownSlugs: readonly string[] | undefined,
): string | undefined {
  if (routeSlug) return routeSlug
  if (!storedSlug) return undefined
  if (knownSlugs && !knownSlugs.includes(storedSlug)) return undefined
  return storedSlug
}
