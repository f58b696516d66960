import { describe, expect, it } from 'vitest'
import { APPLICATION_STATUSES, type ApplicationStatus } from '../applications/status.ts'
import type { EventType } from '../events/event.ts'
import type { NavApplication } from '../navigation/member-nav.ts'
import { grantingApplication, PARTICIPANT_PAGES, type ParticipantPage } from './access.ts'

const NOW = new Date('2026-11-21T12:00:00Z')
const DAY = 86_400_000

function app(o: {
  id?: string
  status: ApplicationStatus
  type?: EventType
  applicationType?: string
  infoPack?: boolean
  finalInfo?: boolean
  castList?: boolean
  socialLine?: boolean
  ended?: boolean
}): NavApplication {
  const applicationType = o.applicationType ?? 'singer'
  return {
    id: o.id ?? 'a1',
    applicationType,
    status: o.status,
    updatedAt: NOW,
    event: {
      slug: 'ev',
      type: o.type ?? 'SINGTHROUGH',
      title: 'Ev',
      showName: null,
      startDate: new Date(NOW.getTime() + (o.ended ? -3 : 3) * DAY),
      endDate: new Date(NOW.getTime() + (o.ended ? -1 : 4) * DAY),
      eventConfig: {
        permissions: {
          releaseParticipantInfoPack: o.infoPack ?? false,
          releaseFinalParticipantInfo: o.finalInfo ?? false,
          releaseCastList: o.castList ?? false,
        },
        paymentLines: { [applicationType]: o.socialLine ? [{ key: 'social' }] : [] },
      },
    },
  }
}

// The expectation is written out from the spec's sidebar rules, independently of member-nav.ts.
function expected(page: ParticipantPage, a: Parameters<typeof app>[0]): boolean {
  const nav =
    ['OFFERED', 'CONFIRMED', 'PAID'].includes(a.status) &&
    !a.ended &&
    (a.type ?? 'SINGTHROUGH') !== 'CHOIR_SEASON'
  if (!nav) return false
  const infoPack = a.infoPack ?? false
  switch (page) {
    case 'castList':
      return (
        ['CONFIRMED', 'PAID'].includes(a.status) &&
        ((a.type ?? 'SINGTHROUGH') === 'SINGTHROUGH' || !!a.castList)
      )
    case 'infoPack':
      return infoPack
    case 'partBreakdown':
    case 'noteBashing':
      return infoPack && a.applicationType !== 'orchestra'
    case 'venueAccess':
      return infoPack && !!a.finalInfo
    case 'socialLinks':
      return infoPack && !a.socialLine
  }
}

describe('grantingApplication', () => {
  for (const page of PARTICIPANT_PAGES) {
    describe(page, () => {
      for (const status of APPLICATION_STATUSES) {
        for (const type of ['SINGTHROUGH', 'CONCERT', 'CHOIR_SEASON'] as const) {
          for (const applicationType of ['singer', 'orchestra']) {
            for (const infoPack of [false, true]) {
              for (const finalInfo of [false, true]) {
                for (const castList of [false, true]) {
                  for (const socialLine of [false, true]) {
                    const input = { status, type, applicationType, infoPack, finalInfo, castList, socialLine }
                    const want = expected(page, input)
                    it(`${JSON.stringify(input)} → ${want}`, () => {
                      const a = app(input)
                      expect(grantingApplication(page, [a], NOW)).toBe(want ? a : null)
                    })
                  }
                }
              }
            }
          }
        }
      }
    })
  }

  it('an ended event grants nothing', () => {
    const a = app({ status: 'CONFIRMED', infoPack: true, finalInfo: true, ended: true })
    for (const page of PARTICIPANT_PAGES) expect(grantingApplication(page, [a], NOW)).toBeNull()
  })

  it('picks the application that grants the page among several of one event', () => {
    const orchestra = app({ id: 'o', status: 'CONFIRMED', applicationType: 'orchestra', infoPack: true })
    const singer = app({ id: 's', status: 'OFFERED', applicationType: 'singer', infoPack: true })
    expect(grantingApplication('partBreakdown', [orchestra, singer], NOW)?.id).toBe('s')
    expect(grantingApplication('castList', [orchestra, singer], NOW)?.id).toBe('o')
  })

  it('narrows to one application type when asked', () => {
    const orchestra = app({ id: 'o', status: 'CONFIRMED', applicationType: 'orchestra', infoPack: true })
    const singer = app({ id: 's', status: 'CONFIRMED', applicationType: 'singer', infoPack: true })
    expect(grantingApplication('infoPack', [orchestra, singer], NOW, 'singer')?.id).toBe('s')
    expect(grantingApplication('infoPack', [orchestra], NOW, 'singer')).toBeNull()
  })

  it('no applications: nothing', () => {
    expect(grantingApplication('infoPack', [], NOW)).toBeNull()
  })
})
