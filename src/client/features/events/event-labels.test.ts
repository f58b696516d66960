import { describe, expect, it } from 'vitest'
import { EVENT_TYPES } from '#core/events/event.ts'
import { EVENT_TYPE_LABELS } from './event-labels.ts'

describe('labels', () => {
  it('name every event type', () => {
    expect(Object.keys(EVENT_TYPE_LABELS).sort()).toEqual([...EVENT_TYPES].sort())
  })
})
