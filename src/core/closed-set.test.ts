import { describe, expect, it } from 'vitest'
import { byEnumName, enumName, isOneOf } from './closed-set.ts'

describe('isOneOf', () => {
  const MODES = ['SEATS', 'TABLES'] as const

  it.each([
    ['SEATS', true],
    ['TABLES', true],
    ['seats', false],
    ['', false],
    [undefined, false],
    [3, false],
  ])('%j is one of SEATS, TABLES: %s', (value, expected) => {
    expect(isOneOf(MODES, value)).toBe(expected)
  })
})

describe('enumName', () => {
  it.each([
    ['mailingList.addSubscriber', 'MAILING_LIST_ADD_SUBSCRIBER'],
    ['user.role.lapse-refused', 'USER_ROLE_LAPSE_REFUSED'],
    ['email-template.reset', 'EMAIL_TEMPLATE_RESET'],
    ['firstEvent', 'FIRST_EVENT'],
    ['alto 1', 'ALTO_1'],
    ['student', 'STUDENT'],
    ['PAY_AT_DOOR', 'PAY_AT_DOOR'],
  ])('%s is %s', (value, name) => {
    expect(enumName(value)).toBe(name)
  })
})

describe('byEnumName', () => {
  it('reads a name back as its word', () => {
    const map = byEnumName(['tickets.hold', 'society.gettingStarted.mark'])
    expect(map.get('SOCIETY_GETTING_STARTED_MARK')).toBe('society.gettingStarted.mark')
    expect(map.get('TICKETS_HOLD')).toBe('tickets.hold')
    expect(map.get('tickets.hold')).toBeUndefined()
  })

  it('refuses two words that would share a name', () => {
    expect(() => byEnumName(['event.reveal-now', 'event.revealNow'])).toThrow(
      '"event.reveal-now" and "event.revealNow" share the GraphQL name EVENT_REVEAL_NOW',
    )
  })
})
