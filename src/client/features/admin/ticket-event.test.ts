import { describe, expect, it } from 'vitest'
import { effectiveTicketEvent } from './ticket-event.ts'

describe('effectiveTicketEvent', () => {
  const known = ['winter-formal', 'winter-concert']

  it('follows the ticket page that is open', () => {
    expect(effectiveTicketEvent('winter-concert', 'winter-formal', known)).toBe('winter-concert')
  })

  it('falls back to the remembered choice', () => {
    expect(effectiveTicketEvent(undefined, 'winter-formal', known)).toBe('winter-formal')
  })

  it('trusts the remembered choice while the events are loading', () => {
    expect(effectiveTicketEvent(undefined, 'winter-formal', undefined)).toBe('winter-formal')
  })

  it('forgets a choice whose event is gone', () => {
    expect(effectiveTicketEvent(undefined, 'deleted-event', known)).toBeUndefined()
  })

  it('has none when nothing was chosen', () => {
    expect(effectiveTicketEvent(undefined, null, known)).toBeUndefined()
  })
})
