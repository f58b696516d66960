import { describe, expect, it } from 'vitest'
import { howToPaySchema } from '../events/event-config.schemas.ts'
import { paymentInstructions } from './payment-instructions.ts'
import { amountsOwed, nextDueDate, owedLines, owesPayment, paymentReference } from './payments.ts'

describe('paymentInstructions', () => {
  it('gives bank details and the member’s reference for a bank transfer', () => {
    const howToPay = howToPaySchema.parse({
      accountName: 'Stagedoor Society',
      sortCode: '12-34-56',
      accountNumber: '12345678',
    })
    const out = paymentInstructions(howToPay, 'SD-ABC12345')
    expect(out.summary).toMatch(/bank transfer to the account below/)
    expect(out.bank).toEqual({
      accountName: 'Stagedoor Society',
      sortCode: '12-34-56',
      accountNumber: '12345678',
    })
    expect(out.reference).toBe('SD-ABC12345')
  })

  it('says the details will follow when the event has none yet', () => {
    const out = paymentInstructions(howToPaySchema.parse({}), 'SD-1')
    expect(out.summary).toMatch(/will send you the bank details/)
    expect(out.bank).toBeNull()
    expect(out.reference).toBe('SD-1')
  })

  it('says pay at the door, or that online payment is not set up', () => {
    expect(paymentInstructions(howToPaySchema.parse({ method: 'AT_THE_DOOR' }), 'R').summary).toMatch(/door/)
    expect(paymentInstructions(howToPaySchema.parse({ method: 'ONLINE' }), 'R').summary).toMatch(/not set up/)
  })

  it('refuses a sort code or account number that is not one', () => {
    expect(howToPaySchema.safeParse({ sortCode: '1234' }).success).toBe(false)
    expect(howToPaySchema.safeParse({ accountNumber: '12-34' }).success).toBe(false)
  })
})

describe('what is owed', () => {
  const lines = owedLines(
    [
      { key: 'fee', label: 'Fee', amountPence: 800, dueDate: '2027-02-01' },
      { key: 'dinner', label: 'Dinner', amountPence: 1200, dueDate: '2027-01-15' },
    ],
    [{ lineKey: 'dinner', amountPence: 1200 }],
  )
  it.each([
    ['SUBMITTED', false],
    ['OFFERED', false],
    ['CONFIRMED', true],
    ['PAID', true],
    ['REJECTED', false],
    ['DECLINED', false],
    ['WITHDRAWN', false],
    ['CANCELLED', false],
  ])('%s owes: %s', (status, owes) => {
    expect(owesPayment(status)).toBe(owes)
    expect(amountsOwed(status, lines)).toEqual(
      owes ? { owedPence: 2000, outstandingPence: 800 } : { owedPence: 0, outstandingPence: 0 },
    )
  })
  it('the next due date is the earliest of the unpaid lines', () => {
    expect(nextDueDate(lines)).toBe('2027-02-01')
  })
  it('a reference is short, upper case and stable', () => {
    const ref = paymentReference('0a1b2c3d-4e5f-6789-abcd-ef0123456789')
    expect(ref).toBe('SD-0A1B2C3D')
    expect(ref.length).toBeLessThanOrEqual(18)
  })
})
