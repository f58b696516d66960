import { describe, expect, it } from 'vitest'
import { dropKept, navApplicationsOf, offlinePlan, planKey } from './offline-plan.ts'

const NOW = new Date('2026-11-21T12:00:00Z')
const DAY = 86_400_000

/** An application as NavItemsQuery's JSON answer has it. */
function answer(over: {
  slug?: string
  status?: string
  type?: string
  applicationType?: string
  infoPack?: boolean
  finalInfo?: boolean
  castList?: boolean
  endInDays?: number
}) {
  return {
    id: `a-${over.slug ?? 'messiah'}-${over.applicationType ?? 'singer'}`,
    applicationType: over.applicationType ?? 'singer',
    status: over.status ?? 'CONFIRMED',
    updatedAt: NOW.toISOString(),
    event: {
      slug: over.slug ?? 'messiah',
      type: over.type ?? 'SINGTHROUGH',
      title: 'Messiah',
      showName: null,
      startDate: new Date(NOW.getTime() + DAY).toISOString(),
      endDate: new Date(NOW.getTime() + (over.endInDays ?? 2) * DAY).toISOString(),
      signupDeadline: null,
      eventConfig: {
        permissions: {
          releaseParticipantInfoPack: over.infoPack ?? true,
          releaseFinalParticipantInfo: over.finalInfo ?? true,
          releaseCastList: over.castList ?? false,
        },
        paymentLines: { singer: [{ key: 'social' }] },
      },
    },
  }
}

const plan = (items: unknown[]) => offlinePlan(navApplicationsOf(items)!, NOW)

describe('offline plan (what is fetched ahead)', () => {
  it("fetches the pages the sidebar grants, with the pages' own variables, and the tickets", () => {
    const { queries, events } = plan([answer({})])
    expect(queries).toEqual([
      { operationName: 'CastList', variables: { eventSlug: 'messiah', preview: null }, eventSlug: 'messiah' },
      {
        operationName: 'InfoPack',
        variables: { eventSlug: 'messiah', applicationType: 'singer', preview: null },
        eventSlug: 'messiah',
      },
      {
        operationName: 'PartBreakdown',
        variables: { eventSlug: 'messiah', preview: null },
        eventSlug: 'messiah',
      },
      {
        operationName: 'VenueAccess',
        variables: { eventSlug: 'messiah', preview: null },
        eventSlug: 'messiah',
      },
      { operationName: 'MyTickets', variables: {}, eventSlug: null },
    ])
    expect([...(events.get('messiah') ?? [])].sort()).toEqual([
      'CastList',
      'InfoPack',
      'PartBreakdown',
      'VenueAccess',
    ])
  })

  it('fetches only what is released, nothing for an event that is over or a withdrawn place', () => {
    const partial = plan([
      answer({ slug: 'gala', type: 'CONCERT', applicationType: 'orchestra', finalInfo: false }),
      answer({ slug: 'over', endInDays: -1 }),
      answer({ slug: 'gone', status: 'WITHDRAWN' }),
      answer({ slug: 'dark', type: 'CONCERT', infoPack: false }),
    ])
    expect(partial.queries.map((q) => `${q.operationName}:${q.eventSlug ?? ''}`)).toEqual([
      'InfoPack:gala',
      'MyTickets:',
    ])
    expect([...partial.events.keys()].sort()).toEqual(['dark', 'gala'])
    expect(partial.events.get('dark')?.size).toBe(0)
  })

  it('reads nothing from an answer of another shape', () => {
    expect(navApplicationsOf(null)).toBeNull()
    expect(navApplicationsOf([{ id: 'x' }])).toBeNull()
    expect(navApplicationsOf([])).toEqual([])
    expect(navApplicationsOf([answer({ status: 'MAYBE' })])).toBeNull()
    expect(navApplicationsOf([answer({ type: 'PICNIC' })])).toBeNull()
    expect(navApplicationsOf([answer({}), { ...answer({}), updatedAt: 12 }])).toBeNull()
  })

  it('reads an application of the answer field by field', () => {
    const [read] = navApplicationsOf([answer({ castList: true })])!
    expect(read!.status).toBe('CONFIRMED')
    expect(read!.event.type).toBe('SINGTHROUGH')
    expect(read!.event.eventConfig).toEqual({
      permissions: {
        releaseParticipantInfoPack: true,
        releaseFinalParticipantInfo: true,
        releaseCastList: true,
      },
      paymentLines: {},
    })
  })

  it('changes its key when the sidebar grants something else', () => {
    expect(planKey(plan([answer({})]))).toBe(planKey(plan([answer({})])))
    expect(planKey(plan([answer({})]))).not.toBe(planKey(plan([answer({ finalInfo: false })])))
  })
})

describe('offline plan (what is dropped)', () => {
  const current = plan([
    answer({ finalInfo: false }),
    answer({ slug: 'gala', type: 'CONCERT', infoPack: false }),
  ])

  it('drops everything of an event the sidebar no longer lists', () => {
    for (const kind of ['InfoPack', 'CastList', 'LearningTracksQuery', 'attachment', 'track']) {
      expect(dropKept({ event: 'over', kind }, current), kind).toBe(true)
    }
  })

  it('drops a page, or an attachment, the event no longer grants', () => {
    expect(dropKept({ event: 'messiah', kind: 'VenueAccess' }, current)).toBe(true)
    expect(dropKept({ event: 'messiah', kind: 'InfoPack' }, current)).toBe(false)
    expect(dropKept({ event: 'messiah', kind: 'attachment' }, current)).toBe(false)
    expect(dropKept({ event: 'gala', kind: 'attachment' }, current)).toBe(true)
    expect(dropKept({ event: 'gala', kind: 'InfoPack' }, current)).toBe(true)
  })

  it('keeps kept tracks and learning tracks while the event is listed, and what belongs to no event', () => {
    expect(dropKept({ event: 'gala', kind: 'track' }, current)).toBe(false)
    expect(dropKept({ event: 'messiah', kind: 'LearningTracksQuery' }, current)).toBe(false)
    expect(dropKept({ event: null, kind: 'MyTickets' }, current)).toBe(false)
    expect(dropKept({ event: null, kind: null }, plan([]))).toBe(false)
  })
})
