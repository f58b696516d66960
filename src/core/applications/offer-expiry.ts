/**
 * When an offer of a place lapses: once, for the server (the offer it records, the preview it shows,
 * the sample email) and the client (the expiry it suggests, the event form's default).
 *
 * NOTE: the type's config is taken by shape, not imported from event-config.schemas.ts, because that
 * schema reads the default from here.
 */

/** Days a member has to answer an offer unless staff set otherwise on the application type. */
export const DEFAULT_OFFER_EXPIRY_DAYS = 7
/** The longest staff may give (the event form and its schema refuse more). */
export const MAX_OFFER_EXPIRY_DAYS = 60
export const MIN_OFFER_EXPIRY_DAYS = 1

const DAY_MS = 86_400_000

/** The part of an application type's config the rule reads; absent when the event no longer has the type. */
export type OfferExpiryConfig = { offerExpiryDays?: number | null } | null | undefined

/** How many days an offer of this type stays open. */
export function offerExpiryDays(typeConfig: OfferExpiryConfig): number {
  return typeConfig?.offerExpiryDays ?? DEFAULT_OFFER_EXPIRY_DAYS
}

/** When an offer made at `now` for this type lapses. */
export function offerExpiresAt(now: Date, typeConfig: OfferExpiryConfig): Date {
  return new Date(now.getTime() + offerExpiryDays(typeConfig) * DAY_MS)
}

/**
 * The expiry to suggest for one decision over several types at once: the soonest of theirs, so no
 * offer stays open longer than its type allows (the longest allowed when none is given).
 */
export function soonestOfferExpiresAt(now: Date, typeConfigs: readonly OfferExpiryConfig[]): Date {
  if (typeConfigs.length === 0) return offerExpiresAt(now, { offerExpiryDays: MAX_OFFER_EXPIRY_DAYS })
  return new Date(Math.min(...typeConfigs.map((t) => offerExpiresAt(now, t).getTime())))
}
