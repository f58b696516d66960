import { describe, expect, it } from 'vitest'
import { activityWording, sentenceCase } from './activity-wording.ts'

describe('activity wording', () => {
  it('writes the issue’s examples as sentences', () => {
    expect(activityWording('application.submit')).toBe('submitted an application')
    expect(activityWording('tickets.hold')).toBe('held tickets')
    expect(activityWording('accept')).toBe('accepted an offer')
    expect(activityWording('event.visibility.public')).toBe('published an event to everyone')
  })

  it('reads an unknown action as its words, never as a code', () => {
    expect(activityWording('tickets.fooBar')).toBe('tickets: foo bar')
    expect(activityWording('something-new')).toBe('something new')
    expect(sentenceCase(activityWording('tickets.hold'))).toBe('Held tickets')
  })
})
