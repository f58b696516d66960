import { z } from 'zod'

/**
 * The kinds of notification a member can turn off, one switch each on `/profile`. Every kind also
 * goes as an email; the switch only decides whether their subscribed browsers are notified too.
 */
export const PUSH_KINDS = ['offers', 'releases', 'showReveals', 'ticketOffers'] as const
export type PushKind = (typeof PUSH_KINDS)[number]

/** What each switch says on `/profile` (the label and its hint). */
export const PUSH_KIND_LABELS: Record<PushKind, { label: string; hint: string }> = {
  offers: {
    label: 'Offers of a place',
    hint: 'When you are offered a place, and 24 hours before it expires.',
  },
  releases: { label: 'Releases', hint: 'When an info pack or cast list of an event you are in is released.' },
  showReveals: { label: 'Show reveals', hint: 'When the show name of an event you applied to is revealed.' },
  ticketOffers: {
    label: 'Tickets from the waitlist',
    hint: 'When tickets you are waiting for come back and are kept for you.',
  },
}

/** The member's per-kind switches, stored with the profile; one schema for the form and the server. */
export const pushPreferencesSchema = z.object({
  offers: z.boolean(),
  releases: z.boolean(),
  showReveals: z.boolean(),
  ticketOffers: z.boolean(),
})
export type PushPreferences = z.infer<typeof pushPreferencesSchema>

/** Everything on until the member turns it off (they already opted in by turning on a device). */
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  offers: true,
  releases: true,
  showReveals: true,
  ticketOffers: true,
}

/** The stored switches over the defaults: a kind added later is on for everyone who never saw it. */
export function pushPreferencesOf(stored: Partial<PushPreferences> | null | undefined): PushPreferences {
  return { ...DEFAULT_PUSH_PREFERENCES, ...stored }
}

/**
 * Whether a notification of `kind` may be queued for a member: only if they have a subscribed
 * browser and have not turned the kind off. The server checks this before it queues any push.
 */
export function wantsPush(
  kind: PushKind,
  member: { subscribed: boolean; preferences: Partial<PushPreferences> | null | undefined },
): boolean {
  return member.subscribed && pushPreferencesOf(member.preferences)[kind]
}
