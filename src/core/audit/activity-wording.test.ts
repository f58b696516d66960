import { describe, expect, it } from 'vitest'
import { enumName } from '#core/closed-set.ts'
import { activityWording, sentenceCase } from './activity-wording.ts'
import { AUDIT_ACTIONS } from './audit-actions.ts'

describe('activity wording', () => {
  it('writes the issue’s examples as sentences', () => {
    expect(activityWording('application.submit')).toBe('submitted an application')
    expect(activityWording('tickets.hold')).toBe('held tickets')
    expect(activityWording('application.accept')).toBe('accepted an offer')
    expect(activityWording('event.visibility.public')).toBe('published an event to everyone')
  })

  it('reads the GraphQL enum name the client is sent as its action', () => {
    expect(activityWording('APPLICATION_SUBMIT')).toBe('submitted an application')
    expect(activityWording('MAILING_LIST_ADD_EVENT_PARTICIPANTS')).toBe(
      "added an event's participants to a mailing list",
    )
    expect(activityWording('USER_ROLE_LAPSE_REFUSED')).toBe('kept the last society admin past their term')
  })

  it('reads every listed action, by word or by name, as a sentence, never as a code', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(activityWording(action), action).toMatch(/^[a-z][^.:]*[a-z)]$/)
      expect(activityWording(enumName(action)), action).toBe(activityWording(action))
    }
  })

  it('reads an unknown action as its words, never as a code', () => {
    expect(activityWording('tickets.fooBar')).toBe('tickets: foo bar')
    expect(activityWording('something-new')).toBe('something new')
    expect(sentenceCase(activityWording('tickets.hold'))).toBe('Held tickets')
  })
})
