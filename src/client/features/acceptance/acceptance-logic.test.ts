import { describe, expect, it } from 'vitest'
import {
  applyFilters,
  capacityPercent,
  responseLabel,
  selectionState,
  toggleAll,
  toggleOne,
  visibleSelection,
} from './acceptance-logic.ts'

describe('selection', () => {
  const entries = [
    { id: 'a', applicationType: 'singer', status: 'SUBMITTED' },
    { id: 'b', applicationType: 'singer', status: 'OFFERED' },
    { id: 'c', applicationType: 'player', status: 'SUBMITTED' },
  ]

  it('filters by type and status', () => {
    expect(applyFilters(entries, { type: 'singer', status: '' }).map((e) => e.id)).toEqual(['a', 'b'])
    expect(applyFilters(entries, { type: '', status: 'SUBMITTED' }).map((e) => e.id)).toEqual(['a', 'c'])
    expect(applyFilters(entries, { type: 'player', status: 'OFFERED' })).toEqual([])
  })

  it('searches names and emails, any case and accent, every word', () => {
    const people = [
      {
        id: 'z',
        applicationType: 'singer',
        status: 'SUBMITTED',
        applicantName: 'Zoë Hart',
        applicantEmail: 'zh@x.test',
      },
      {
        id: 'y',
        applicationType: 'singer',
        status: 'SUBMITTED',
        applicantName: 'Sam Hart',
        applicantEmail: 'sam@y.test',
      },
    ]
    expect(applyFilters(people, { type: '', status: '', search: 'zoe' }).map((e) => e.id)).toEqual(['z'])
    expect(applyFilters(people, { type: '', status: '', search: 'HART' }).map((e) => e.id)).toEqual([
      'z',
      'y',
    ])
    expect(applyFilters(people, { type: '', status: '', search: 'hart y.test' }).map((e) => e.id)).toEqual([
      'y',
    ])
    expect(applyFilters(people, { type: '', status: '', search: 'nobody' })).toEqual([])
  })

  it('select all works within the filter and clears when all are selected', () => {
    const visible = ['a', 'c']
    let selected = toggleAll(visible, new Set(['b']))
    expect([...selected].sort()).toEqual(['a', 'b', 'c'])
    expect(selectionState(visible, selected)).toBe('all')
    selected = toggleAll(visible, selected)
    expect([...selected]).toEqual(['b'])
    expect(selectionState(visible, selected)).toBe('none')
    expect(selectionState(visible, toggleOne('a', selected))).toBe('some')
  })

  it('acts only on selected rows that are still visible', () => {
    expect(visibleSelection(['a', 'c'], new Set(['a', 'b']))).toEqual(['a'])
  })
})

describe('responses and capacity', () => {
  const now = new Date('2026-03-01T12:00:00Z')
  const countdown = (ms: number) => `${Math.round(ms / 3_600_000)} h`

  it('describes each response', () => {
    expect(responseLabel({ status: 'OFFERED', offerExpiresAt: '2026-03-01T15:00:00Z' }, now, countdown)).toBe(
      'Expires in 3 h',
    )
    expect(responseLabel({ status: 'OFFERED', offerExpiresAt: '2026-03-01T11:00:00Z' }, now, countdown)).toBe(
      'Expiring now',
    )
    expect(responseLabel({ status: 'CONFIRMED' }, now, countdown)).toBe('Accepted')
    expect(responseLabel({ status: 'DECLINED' }, now, countdown)).toBe('Declined')
    expect(responseLabel({ status: 'SUBMITTED' }, now, countdown)).toBe('—')
  })

  it('caps the bar at 100% and has none without a capacity', () => {
    expect(capacityPercent(3, 10)).toBe(30)
    expect(capacityPercent(12, 10)).toBe(100)
    expect(capacityPercent(3, null)).toBeNull()
  })
})
