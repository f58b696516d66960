import { describe, expect, it } from 'vitest'
import {
  capacityError,
  EMPTY_TICKET_TYPE,
  formFieldOf,
  poundsToPence,
  ticketTypeErrors,
  ticketTypeFieldErrors,
  ticketTypeInput,
} from './ticket-type-form-values.ts'
import { placeTicketTypeProblems } from './ticket-type-placement.ts'

describe('the ticket-type form', () => {
  it('reads pounds as pence and refuses what is not money', () => {
    expect(poundsToPence('12.50')).toBe(1250)
    expect(poundsToPence('£8')).toBe(800)
    // A blank is not free (issue 27): it is refused like any other non-amount.
    expect(poundsToPence('')).toBeNaN()
    expect(poundsToPence('1.234')).toBeNaN()
    expect(poundsToPence('ten')).toBeNaN()
  })

  it('checks with the shared schema and puts each problem at its field', () => {
    expect(ticketTypeErrors(EMPTY_TICKET_TYPE)).toEqual({
      name: 'Give the ticket type a name.',
      price: 'Give the price in pounds, e.g. 12.50, or choose Free.',
      quota: 'Give the number of tickets of this type.',
    })
    const good = { ...EMPTY_TICKET_TYPE, name: 'Adult', price: '12.50', quota: '100' }
    expect(ticketTypeErrors(good)).toEqual({})
    expect(ticketTypeInput(good)).toMatchObject({ pricePence: 1250, quota: 100, perPersonLimit: 4 })
    expect(ticketTypeErrors({ ...good, price: 'x' }).price).toMatch(/pounds/)
    expect(ticketTypeErrors({ ...good, price: '0' })).toEqual({
      price: 'Give a price, or choose Free for free tickets.',
    })
    // Free is a choice: it sends 0, whatever the price box holds.
    expect(ticketTypeErrors({ ...good, price: '', free: true })).toEqual({})
    expect(ticketTypeInput({ ...good, price: '9', free: true })).toMatchObject({ pricePence: 0, free: true })
    const at = '2027-01-01T10:00:00.000Z'
    expect(ticketTypeErrors({ ...good, saleStartsAt: at, saleEndsAt: at })).toEqual({
      saleEndsAt: 'The sale must end after it starts.',
    })
  })

  it('checks the capacity and maps server paths to fields', () => {
    expect(capacityError('')).toMatch(/number/)
    expect(capacityError('0')).toBe('The capacity is at least 1.')
    expect(capacityError('200')).toBeNull()
    expect(formFieldOf('addTypes.0.pricePence')).toBe('price')
    expect(formFieldOf('capacity')).toBe('capacity')
  })

  it('puts the problems under the form path of the type’s fields', () => {
    expect(ticketTypeFieldErrors(EMPTY_TICKET_TYPE, 'newType.')).toEqual({
      'newType.name': 'Give the ticket type a name.',
      'newType.price': 'Give the price in pounds, e.g. 12.50, or choose Free.',
      'newType.quota': 'Give the number of tickets of this type.',
    })
    expect(ticketTypeFieldErrors({ ...EMPTY_TICKET_TYPE, name: 'Adult', price: '8', quota: '10' })).toEqual(
      {},
    )
  })

  it('places the server’s problems at the set-up form’s fields', () => {
    const placed = placeTicketTypeProblems(
      [
        { path: 'addTypes.0.pricePence', message: 'A price cannot be negative.' },
        { path: 'capacity', message: 'The capacity is at least 1.' },
        { path: '', message: 'The sale is closed.' },
      ],
      'newType.',
      ['capacity', 'published'],
    )
    expect(placed).toEqual({
      fields: { 'newType.price': 'A price cannot be negative.', capacity: 'The capacity is at least 1.' },
      other: ['The sale is closed.'],
    })
  })
})
