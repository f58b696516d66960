import { describe, expect, it } from 'vitest'
import { openApplicationTypes, signupClosedReason, type SignupEvent } from './signup.ts'

const now = new Date('2026-11-21T12:00:00Z')
const base = (over: Partial<SignupEvent> = {}): SignupEvent => ({
  visibility: 'members',
  signupDeadline: '2026-12-01T00:00:00Z',
  endDate: '2026-12-20T00:00:00Z',
  archivedAt: null,
  eventConfig: {
    applicationTypes: {
      singer: { open: true },
      orchestra: { open: false },
    },
  },
  ...over,
})

describe('signupClosedReason', () => {
  it.each([
    ['an open type before the deadline', base(), 'singer', null],
    ['a type the event does not have', base(), 'crew', 'NO_SUCH_TYPE'],
    ['an inherited object key', base(), 'toString', 'NO_SUCH_TYPE'],
    ['a closed type', base(), 'orchestra', 'TYPE_CLOSED'],
    ['a draft event', base({ visibility: 'draft' }), 'singer', 'DRAFT'],
    ['an archived event', base({ archivedAt: '2026-11-01T00:00:00Z' }), 'singer', 'ARCHIVED'],
    ['the deadline exactly now', base({ signupDeadline: now }), 'singer', 'DEADLINE_PASSED'],
    ['no deadline, not ended', base({ signupDeadline: null }), 'singer', null],
    ['a show before its reveal', base({ revealAt: '2026-11-22T00:00:00Z' }), 'singer', 'NOT_REVEALED'],
    ['a show at its reveal time', base({ revealAt: now }), 'singer', null],
    ['a show revealed earlier', base({ revealAt: '2026-11-01T00:00:00Z' }), 'singer', null],
    [
      'a type open before the reveal',
      base({
        revealAt: '2026-11-22T00:00:00Z',
        eventConfig: { applicationTypes: { singer: { open: true, openBeforeReveal: true } } },
      }),
      'singer',
      null,
    ],
    [
      'no deadline, ended',
      base({ signupDeadline: null, endDate: '2026-11-20T00:00:00Z' }),
      'singer',
      'ENDED',
    ],
  ] as const)('%s', (_name, event, type, expected) => {
    expect(signupClosedReason(event, type, now)).toBe(expected)
  })

  it('lists only the open types', () => {
    expect(openApplicationTypes(base(), now)).toEqual(['singer'])
    expect(openApplicationTypes(base({ signupDeadline: '2026-11-01T00:00:00Z' }), now)).toEqual([])
  })
})
