/** Kinds of event (PRODUCT.md §2). */
export const EVENT_TYPES = ['CHOIR_SEASON', 'SINGTHROUGH', 'CONCERT', 'SHOW', 'SOCIAL'] as const
export type EventType = (typeof EVENT_TYPES)[number]

/** Who can see an event: staff only, signed-in members, or everyone. */
export const EVENT_VISIBILITIES = ['draft', 'members', 'public'] as const
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number]

/** Has the event finished at `now`? */
export function hasEnded(event: { endDate: Date | string }, now: Date): boolean {
  return new Date(event.endDate).getTime() <= now.getTime()
}

/** A show's name is secret until its reveal time; no reveal time means it is not secret. */
export function isShowNameRevealed(event: { revealAt: Date | string | null }, now: Date): boolean {
  return event.revealAt === null || new Date(event.revealAt).getTime() <= now.getTime()
}

/**
 * The reveal time a copy of `source` carries: a name still secret at `now` stays secret in the copy
 * until the same moment (issue 26, finding 8); a name already out, or none, needs no reveal time.
 */
export function copiedRevealAt(
  source: { showName: string | null; revealAt: Date | null },
  now: Date,
): Date | null {
  if (!source.showName || isShowNameRevealed(source, now)) return null
  return source.revealAt
}
