import { describe, expect, it } from 'vitest'
import { rehearsalsFor } from './rehearsals.ts'

const schedule = [
  { date: '2026-12-14', kind: 'REHEARSAL' as const, label: 'With orchestra' },
  { date: '2026-12-21', kind: 'PERFORMANCE' as const, label: 'Concert' },
  { date: '2026-12-07', kind: 'REHEARSAL' as const, label: 'Chorus' },
]

describe('rehearsalsFor', () => {
  it('gives a participant the rehearsals, soonest first, without the performance', () => {
    expect(rehearsalsFor({ schedule }, ['CONFIRMED']).map((d) => d.date)).toEqual([
      '2026-12-07',
      '2026-12-14',
    ])
    expect(rehearsalsFor({ schedule }, ['WITHDRAWN', 'PAID'])).toHaveLength(2)
  })
  it('gives an applicant without a place nothing', () => {
    expect(rehearsalsFor({ schedule }, ['SUBMITTED'])).toEqual([])
    expect(rehearsalsFor({ schedule }, ['OFFERED'])).toEqual([])
    expect(rehearsalsFor({ schedule }, [])).toEqual([])
  })
  it('copes with no schedule', () => {
    expect(rehearsalsFor({}, ['PAID'])).toEqual([])
  })
})
