import { describe, expect, it } from 'vitest'
import { memberSidebar } from '#core/navigation/member-nav.ts'
import { readPaymentLines, toNavApplications, type NavItemsApplication } from './nav-applications.ts'

describe('readPaymentLines', () => {
  it('keeps lines keyed by application type, with whatever else they carry', () => {
    const lines = { singer: [{ key: 'participation', label: 'Participation', amountPence: 800 }] }
    expect(readPaymentLines(lines)).toEqual(lines)
  })

  it.each([null, undefined, 'social', [], { singer: 'social' }, { singer: [{ label: 'no key' }] }])(
    'reads %j as no payment lines',
    (value) => {
      expect(readPaymentLines(value)).toEqual({})
    },
  )
})

describe('toNavApplications', () => {
  const application = (paymentLines: unknown): NavItemsApplication => ({
    id: 'a1',
    applicationType: 'singer',
    status: 'CONFIRMED',
    updatedAt: '2026-01-01T00:00:00.000Z',
    event: {
      slug: 'messiah-singthrough',
      type: 'SINGTHROUGH',
      title: 'Messiah Sing-through',
      showName: null,
      startDate: '2026-12-01T14:00:00.000Z',
      endDate: '2026-12-01T19:00:00.000Z',
      signupDeadline: null,
      eventConfig: {
        permissions: { releaseParticipantInfoPack: true, releaseFinalParticipantInfo: true },
        paymentLines,
      },
    },
  })
  const now = new Date('2026-11-01T00:00:00.000Z')
  const eventItems = (paymentLines: unknown) =>
    memberSidebar({
      signedIn: true,
      applications: toNavApplications([application(paymentLines)]),
      now,
    })[1]?.items.map((item) => item.label)

  it('feeds the sidebar rules: a social line for the type hides Social Links', () => {
    expect(eventItems({ singer: [{ key: 'social', label: 'Social', amountPence: 1500 }] })).not.toContain(
      'Social Links',
    )
    expect(eventItems({ singer: [{ key: 'participation', label: 'Part', amountPence: 800 }] })).toContain(
      'Social Links',
    )
  })
})
