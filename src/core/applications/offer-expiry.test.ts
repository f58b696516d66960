import { describe, expect, it } from 'vitest'
import {
  DEFAULT_OFFER_EXPIRY_DAYS,
  offerExpiresAt,
  offerExpiryDays,
  soonestOfferExpiresAt,
} from './offer-expiry.ts'
import { applicationTypeSchema } from '../events/event-config.schemas.ts'

const NOW = new Date('2026-03-01T12:00:00Z')
const DAY = 86_400_000

describe('offer expiry', () => {
  it('defaults to seven days when the type sets none or is gone', () => {
    expect(DEFAULT_OFFER_EXPIRY_DAYS).toBe(7)
    expect(offerExpiryDays(undefined)).toBe(7)
    expect(offerExpiryDays({})).toBe(7)
    expect(offerExpiresAt(NOW, null).toISOString()).toBe('2026-03-08T12:00:00.000Z')
  })

  it('uses the type’s own days', () => {
    expect(offerExpiresAt(NOW, { offerExpiryDays: 3 }).getTime()).toBe(NOW.getTime() + 3 * DAY)
    expect(offerExpiresAt(NOW, { offerExpiryDays: 60 }).toISOString()).toBe('2026-04-30T12:00:00.000Z')
  })

  it('suggests the soonest expiry across several types', () => {
    const at = soonestOfferExpiresAt(NOW, [{ offerExpiryDays: 10 }, { offerExpiryDays: 2 }, undefined])
    expect(at.getTime()).toBe(NOW.getTime() + 2 * DAY)
    expect(soonestOfferExpiresAt(NOW, []).getTime()).toBe(NOW.getTime() + 60 * DAY)
  })

  it('is the default an application type is saved with', () => {
    const parsed = applicationTypeSchema.parse({ label: 'Singer' })
    expect(parsed.offerExpiryDays).toBe(DEFAULT_OFFER_EXPIRY_DAYS)
    expect(() => applicationTypeSchema.parse({ label: 'Singer', offerExpiryDays: 61 })).toThrow()
    expect(() => applicationTypeSchema.parse({ label: 'Singer', offerExpiryDays: 0 })).toThrow()
  })
})
