import { describe, expect, it } from 'vitest'
import { auditDetails } from './audit-details.ts'

describe('auditDetails', () => {
  it('says an attendance mark with its day in words, not the codes and ISO day stored', () => {
    const text = auditDetails({ eventSlug: 'messiah-singthrough', date: '2026-12-06', mark: 'APOLOGIES' })
    expect(text).toBe('Event: messiah-singthrough, Marked: apologies, Date: Sun 6 Dec 2026')
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/)
  })

  it('prints an amount as money and a status in words; the title wins over the slug', () => {
    expect(
      auditDetails({
        eventTitle: 'Winter Concert',
        eventSlug: 'winter-concert',
        status: 'AWAITING_PAYMENT',
        amountPence: 123456,
      }),
    ).toBe('Event: Winter Concert, Status: awaiting payment, Amount: £1,234.56')
  })

  it('shows nothing for an entry without those parts', () => {
    expect(auditDetails(null)).toBe('')
    expect(auditDetails({ other: 1 })).toBe('')
  })
})
