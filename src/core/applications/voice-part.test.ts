import { describe, expect, it } from 'vitest'
import { answeredVoicePart } from './voice-part.ts'

const questions = [
  { id: 'why', kind: 'long_text' as const },
  { id: 'part', kind: 'voice_part' as const },
]

describe('answeredVoicePart', () => {
  it('prefers the answer on the application to the profile', () => {
    expect(answeredVoicePart(questions, { part: 'Soprano 1' }, null)).toBe('Soprano 1')
    expect(answeredVoicePart(questions, { part: 'Soprano 1' }, 'Alto')).toBe('Soprano 1')
  })
  it('falls back to the profile when the question was not answered or not asked', () => {
    expect(answeredVoicePart(questions, { part: '' }, 'Alto')).toBe('Alto')
    expect(answeredVoicePart([], { part: 'Tenor' }, null)).toBeNull()
  })
})
