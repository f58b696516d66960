import { describe, expect, it } from 'vitest'
import { whenAndWhere } from './when-where.ts'

describe('when and where an event is', () => {
  const concert = {
    startDate: new Date('2027-01-09T19:00:00Z'),
    endDate: new Date('2027-01-09T22:00:00Z'),
    venue: 'Great Hall',
  }

  it('says the day, the times and the venue on the society’s clocks', () => {
    expect(whenAndWhere(concert, 'Europe/London')).toEqual([
      'When: Sat 9 Jan 2027, 19:00–22:00',
      'Where: Great Hall',
    ])
    // Another society’s zone: the same instants read as its local times.
    expect(whenAndWhere(concert, 'America/New_York')[0]).toBe('When: Sat 9 Jan 2027, 14:00–17:00')
  })

  it('gives the days of an event over several, and no Where without a venue', () => {
    expect(
      whenAndWhere(
        { startDate: '2027-06-05T09:00:00Z', endDate: '2027-06-06T17:00:00Z', venue: '  ' },
        'Europe/London',
      ),
    ).toEqual(['When: Sat 5 Jun 2027 – Sun 6 Jun 2027'])
  })
})
