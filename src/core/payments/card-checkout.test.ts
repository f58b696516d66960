import { describe, expect, it } from 'vitest'
import { ticketCheckoutLines } from './card-checkout.ts'

const order = (amountPence: number) => ({ amountPence, eventTitle: 'Winter Concert', reference: 'T1' })
const adult = { key: 'adult', typeName: 'Adult', quantity: 2, unitPricePence: 1200 }
const concession = { key: 'conc', typeName: 'Concession', quantity: 1, unitPricePence: 799 }

describe('ticketCheckoutLines', () => {
  it('charges each line what it costs when there is no voucher', () => {
    const r = ticketCheckoutLines(order(3199), [adult, concession])
    expect(r).toEqual({
      totalPence: 3199,
      lines: [
        { key: 'adult', label: '2 × Adult · Winter Concert, order T1', amountPence: 2400 },
        { key: 'conc', label: '1 × Concession · Winter Concert, order T1', amountPence: 799 },
      ],
    })
  })

  it('shares a voucher’s discount by cost, and the lines add up to the order to the penny', () => {
    // £31.99 less 10 % (£3.20) = £28.79 (decision 0049's figure).
    const r = ticketCheckoutLines(order(2879), [adult, concession])
    if ('refusal' in r) throw new Error(r.refusal)
    expect(r.totalPence).toBe(2879)
    expect(r.lines.map((l) => l.amountPence)).toEqual([2160, 719])
    expect(r.lines[0]!.label).toContain('voucher applied')
    for (const amount of [1, 2, 3, 1000, 3000, 3169]) {
      const x = ticketCheckoutLines(order(amount + 30), [adult, concession])
      if ('refusal' in x) throw new Error(x.refusal)
      expect(x.totalPence).toBe(amount + 30)
    }
  })

  it('leaves out a line that costs nothing after the voucher', () => {
    const r = ticketCheckoutLines(order(2400), [adult, { ...concession, unitPricePence: 0 }])
    if ('refusal' in r) throw new Error(r.refusal)
    expect(r.lines.map((l) => l.key)).toEqual(['adult'])
  })

  it('refuses a free order, one under 30p and lines that cost less than the order', () => {
    expect(ticketCheckoutLines(order(0), [adult])).toEqual({
      refusal: 'These tickets are free: there is nothing to pay by card.',
    })
    expect(ticketCheckoutLines(order(29), [adult])).toHaveProperty('refusal')
    expect(ticketCheckoutLines(order(5000), [adult])).toHaveProperty('refusal')
  })
})
