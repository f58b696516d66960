import { describe, expect, it } from 'vitest'
import { APPLICATION_STATUSES, type ApplicationStatus } from '../applications/status.ts'
import { EVENT_TYPES, type EventType } from '../events/event.ts'
import {
  applicationNavItems,
  memberSidebar,
  navApplications,
  primaryApplication,
  ticketPageSlug,
  type NavApplication,
  type NavItemKey,
} from './member-nav.ts'

const NOW = new Date('2026-11-21T12:00:00Z')
const day = 86_400_000

function app(overrides: {
  id?: string
  status?: ApplicationStatus
  type?: EventType
  applicationType?: string
  infoPack?: boolean
  finalInfo?: boolean
  castList?: boolean
  socialLine?: boolean
  startInDays?: number
  endInDays?: number
  slug?: string
}): NavApplication {
  const applicationType = overrides.applicationType ?? 'singer'
  const start = overrides.startInDays ?? 10
  return {
    id: overrides.id ?? 'a1',
    applicationType,
    status: overrides.status ?? 'CONFIRMED',
    updatedAt: NOW,
    event: {
      slug: overrides.slug ?? 'spring-singthrough',
      type: overrides.type ?? 'SINGTHROUGH',
      title: `Event ${overrides.slug ?? 'spring-singthrough'}`,
      showName: null,
      startDate: new Date(NOW.getTime() + start * day),
      endDate: new Date(NOW.getTime() + (overrides.endInDays ?? start + 1) * day),
      eventConfig: {
        permissions: {
          releaseParticipantInfoPack: overrides.infoPack ?? false,
          releaseFinalParticipantInfo: overrides.finalInfo ?? false,
          releaseCastList: overrides.castList ?? false,
        },
        paymentLines: {
          [applicationType]: [{ key: 'participation' }, ...(overrides.socialLine ? [{ key: 'social' }] : [])],
        },
      },
    },
  }
}

describe('navApplications', () => {
  // Every status × event type × ended/not ended.
  for (const status of APPLICATION_STATUSES) {
    for (const type of EVENT_TYPES) {
      for (const ended of [false, true]) {
        const shown = ['OFFERED', 'CONFIRMED', 'PAID'].includes(status) && type !== 'CHOIR_SEASON' && !ended
        it(`${status} for a ${type} that has ${ended ? '' : 'not '}ended is ${shown ? '' : 'not '}shown`, () => {
          const a = app({ status, type, startInDays: ended ? -3 : 3, endInDays: ended ? -1 : 4 })
          expect(navApplications([a], NOW)).toEqual(shown ? [a] : [])
        })
      }
    }
  }

  it('an event ending exactly now has ended', () => {
    const a = app({ startInDays: -1, endInDays: 0 })
    expect(navApplications([a], NOW)).toEqual([])
  })

  it('an event that started but has not ended is still shown', () => {
    const a = app({ startInDays: -1, endInDays: 1 })
    expect(navApplications([a], NOW)).toEqual([a])
  })

  it('sorts by event start date, earliest first', () => {
    const late = app({ id: 'late', slug: 'late', startInDays: 30 })
    const early = app({ id: 'early', slug: 'early', startInDays: 2 })
    const mid = app({ id: 'mid', slug: 'mid', startInDays: 10 })
    expect(navApplications([late, early, mid], NOW).map((a) => a.id)).toEqual(['early', 'mid', 'late'])
  })
})

describe('primaryApplication', () => {
  it('is the SINGTHROUGH one even when it starts later', () => {
    const concert = app({ id: 'concert', type: 'CONCERT', startInDays: 2 })
    const sing = app({ id: 'sing', type: 'SINGTHROUGH', startInDays: 20 })
    expect(primaryApplication(navApplications([concert, sing], NOW))?.id).toBe('sing')
  })

  it('is otherwise the first', () => {
    const show = app({ id: 'show', type: 'SHOW', startInDays: 9 })
    const concert = app({ id: 'concert', type: 'CONCERT', startInDays: 2 })
    expect(primaryApplication(navApplications([show, concert], NOW))?.id).toBe('concert')
  })

  it('is undefined with none', () => {
    expect(primaryApplication([])).toBeUndefined()
  })
})

describe('applicationNavItems', () => {
  // Every combination that changes the outcome: status (within the nav statuses), event type,
  // application type, both release flags, and a social payment line.
  for (const status of ['OFFERED', 'CONFIRMED', 'PAID'] as const) {
    for (const type of ['SINGTHROUGH', 'CONCERT', 'SHOW', 'SOCIAL'] as const) {
      for (const applicationType of ['singer', 'orchestra', 'social']) {
        for (const infoPack of [false, true]) {
          for (const finalInfo of [false, true]) {
            for (const socialLine of [false, true]) {
              for (const castList of [false, true]) {
                const expected: NavItemKey[] = []
                if ((status === 'CONFIRMED' || status === 'PAID') && (type === 'SINGTHROUGH' || castList))
                  expected.push('castList')
                if (infoPack) expected.push('infoPack')
                if (infoPack && applicationType !== 'orchestra') expected.push('partBreakdown')
                if (infoPack && finalInfo) expected.push('venueAccess')
                if (infoPack && !socialLine) expected.push('socialLinks')
                const name = `${status} ${applicationType} at a ${type}, info pack ${infoPack}, final ${finalInfo}, cast list ${castList}, social line ${socialLine}`
                it(`${name} → ${expected.join(', ') || 'nothing'}`, () => {
                  const a = app({ status, type, applicationType, infoPack, finalInfo, castList, socialLine })
                  expect(applicationNavItems(a).map((i) => i.key)).toEqual(expected)
                })
              }
            }
          }
        }
      }
    }
  }

  it('links each item to the spec route', () => {
    const a = app({ slug: 'spring-singthrough', infoPack: true, finalInfo: true })
    expect(Object.fromEntries(applicationNavItems(a).map((i) => [i.label, i.to]))).toEqual({
      'Cast List': '/spring-singthrough/cast-list',
      'Info Pack': '/applications/spring-singthrough/participant-info/singer',
      'Part Breakdown': '/spring-singthrough/part-breakdown',
      'Venue Access': '/applications/spring-singthrough/venue-access',
      'Social Links': '/events/spring-singthrough/social',
    })
  })

  it('a payment line list missing for the type counts as no social line', () => {
    const a = app({ infoPack: true })
    a.event.eventConfig.paymentLines = {}
    expect(applicationNavItems(a).map((i) => i.key)).toContain('socialLinks')
  })
})

describe('memberSidebar', () => {
  it('anonymous: Events links to the public listings and nothing else', () => {
    expect(memberSidebar({ signedIn: false, applications: [], now: NOW })).toEqual([
      { items: [{ key: 'events', label: 'Events', to: '/listings' }] },
    ])
  })

  it('signed in with no applications: Events (home), Profile, Applications', () => {
    const [top, ...rest] = memberSidebar({ signedIn: true, applications: [], now: NOW })
    expect(top!.items.map((i) => [i.label, i.to])).toEqual([
      ['Events', '/'],
      ['Profile', '/profile'],
      ['Applications', '/applications'],
    ])
    expect(rest).toEqual([])
  })

  it('shows the primary application first, then the others under their event titles', () => {
    const concert = app({ id: 'c', type: 'CONCERT', slug: 'autumn-concert', startInDays: 2, infoPack: true })
    const sing = app({
      id: 's',
      type: 'SINGTHROUGH',
      slug: 'messiah',
      startInDays: 20,
      infoPack: true,
      finalInfo: true,
    })
    const sections = memberSidebar({ signedIn: true, applications: [concert, sing], now: NOW })
    expect(sections.map((s) => s.eventSlug)).toEqual([undefined, 'messiah', 'autumn-concert'])
    expect(sections[1]!.title).toBe('Event messiah')
    expect(sections[1]!.items.map((i) => i.key)).toEqual([
      'castList',
      'infoPack',
      'partBreakdown',
      'venueAccess',
      'socialLinks',
    ])
  })

  it('leaves out nav applications with no items', () => {
    const offered = app({ status: 'OFFERED', type: 'CONCERT' })
    expect(memberSidebar({ signedIn: true, applications: [offered], now: NOW })).toHaveLength(1)
  })

  it('uses the revealed show name as the section title', () => {
    const show = app({ type: 'SHOW', infoPack: true })
    show.event.showName = 'Into the Woods'
    expect(memberSidebar({ signedIn: true, applications: [show], now: NOW })[1]!.title).toBe('Into the Woods')
  })

  it('shows Tickets for events whose tickets the member holds and on an event tickets page', () => {
    const held = memberSidebar({
      signedIn: true,
      applications: [],
      now: NOW,
      ticketEventSlugs: ['winter-formal'],
    })
    expect(held[0]!.items.at(-1)).toEqual({
      key: 'tickets',
      label: 'Tickets',
      to: '/events/winter-formal/tickets',
    })
    const onPage = memberSidebar({
      signedIn: true,
      applications: [],
      now: NOW,
      pathname: '/gala/ticket-sales',
    })
    expect(onPage[0]!.items.at(-1)?.to).toBe('/events/gala/tickets')
    const elsewhere = memberSidebar({ signedIn: true, applications: [], now: NOW, pathname: '/events/gala' })
    expect(elsewhere[0]!.items.map((i) => i.key)).not.toContain('tickets')
  })
})

describe('ticketPageSlug', () => {
  it.each([
    ['/events/winter-formal/tickets', 'winter-formal'],
    ['/winter-formal/ticket-sales', 'winter-formal'],
    ['/events/winter-formal', undefined],
    ['/admin/winter-formal/tickets', undefined],
    [undefined, undefined],
  ])('%s → %s', (path, slug) => {
    expect(ticketPageSlug(path)).toBe(slug)
  })
})
