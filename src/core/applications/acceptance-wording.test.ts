import { describe, expect, it } from 'vitest'
import { BULK_ACTIONS, DECISION_ACTIONS, DECISION_WORDING } from './acceptance-wording.ts'

describe('acceptance wording', () => {
  it.each([
    ['OFFER', 1, 'Send 1 offer'],
    ['OFFER', 3, 'Send 3 offers'],
    ['WAITLIST', 1, 'Waitlist 1 application'],
    ['REJECT', 2, 'Reject 2 applications'],
    ['CANCEL', 1, 'Cancel the place of 1 application'],
  ] as const)('%s for %i confirms as “%s”', (action, n, words) => {
    expect(DECISION_WORDING[action].confirm(n)).toBe(words)
  })

  it('words every decision, and the bulk buttons are decisions', () => {
    for (const action of DECISION_ACTIONS) expect(DECISION_WORDING[action].verb).toMatch(/^[A-Z][a-z ]+$/)
    expect(BULK_ACTIONS.every((a) => (DECISION_ACTIONS as readonly string[]).includes(a))).toBe(true)
    expect(BULK_ACTIONS).not.toContain('CANCEL')
  })
})
