import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES, TICKET_STATUSES } from './tickets.ts'
import {
  BALLOT_OUTCOME_WORDING,
  ballotNote,
  ORDER_STATUS_WORDING,
  orderStatusLabel,
  TICKET_STATUS_WORDING,
  ticketStatusLabel,
  WAITLIST_STATUS_WORDING,
} from './status-wording.ts'

describe('ticket status wording', () => {
  it.each([
    ['HELD', 'Held'],
    ['AWAITING_PAYMENT', 'To pay'],
    ['PAID', 'Paid'],
    ['CANCELLED', 'Cancelled'],
  ])('order %s reads %s', (status, words) => {
    expect(orderStatusLabel(status)).toBe(words)
  })

  it.each([
    ['VALID', 'Valid'],
    ['CHECKED_IN', 'Checked in'],
    ['VOID', 'Cancelled'],
  ])('ticket %s reads %s', (status, words) => {
    expect(ticketStatusLabel(status)).toBe(words)
  })

  it('words every status in plain words, never its code', () => {
    const all = [
      ...ORDER_STATUSES.map((s) => [s, ORDER_STATUS_WORDING[s]] as const),
      ...TICKET_STATUSES.map((s) => [s, TICKET_STATUS_WORDING[s]] as const),
      ...Object.entries(WAITLIST_STATUS_WORDING),
    ]
    for (const [code, words] of all) {
      expect(words, code).not.toBe(code)
      expect(words, code).not.toMatch(/_|^[A-Z]+$/)
    }
  })

  it('reads an unknown code as itself', () => {
    expect(orderStatusLabel('REFUNDED')).toBe('REFUNDED')
  })
})

describe('ballot wording (issue 27)', () => {
  it('says words, never the codes, and when the draw is', () => {
    expect(Object.values(BALLOT_OUTCOME_WORDING).join(' ')).not.toMatch(/PENDING|WON|WAITLIST/)
    expect(ballotNote('PENDING', 'Fri 30 Apr 2027, 18:00')).toBe(
      'Requests close Fri 30 Apr 2027, 18:00; the committee draws soon after, and everyone hears by email.',
    )
    expect(ballotNote('PENDING', null)).toBe(
      'The committee draws once requests close; everyone hears by email, drawn or not.',
    )
    expect(ballotNote('WAITLIST', null)).toMatch(/^Not drawn this time/)
  })
})
