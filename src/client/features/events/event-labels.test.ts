import { describe, expect, it } from 'vitest'
import { APPLICATION_STATUSES } from '#core/applications/status.ts'
import { EVENT_TYPES } from '#core/events/event.ts'
import { applicationTypeLabel, EVENT_TYPE_LABELS, STATUS_LABELS, STATUS_TONES } from './event-labels.ts'

describe('labels', () => {
  it('name every status, each differently', () => {
    expect(Object.keys(STATUS_LABELS).sort()).toEqual([...APPLICATION_STATUSES].sort())
    expect(new Set(Object.values(STATUS_LABELS)).size).toBe(APPLICATION_STATUSES.length)
    expect(Object.keys(STATUS_TONES).sort()).toEqual([...APPLICATION_STATUSES].sort())
  })

  it('name every event type', () => {
    expect(Object.keys(EVENT_TYPE_LABELS).sort()).toEqual([...EVENT_TYPES].sort())
  })

  it.each([
    ['singer', 'Singer'],
    ['orchestra', 'Orchestra'],
    ['front-of-house', 'Front of house'],
    ['stage_crew', 'Stage crew'],
  ])('application type %s reads %s', (type, label) => {
    expect(applicationTypeLabel(type)).toBe(label)
  })
})
