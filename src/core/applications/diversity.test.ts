import { describe, expect, it } from 'vitest'
import {
  DIVERSITY_QUESTIONS,
  diversityAnswersSchema,
  diversityReport,
  NOT_ANSWERED,
  PREFER_NOT_TO_SAY,
  suppressCount,
} from './diversity.ts'

describe('diversity survey', () => {
  it('offers "Prefer not to say" on every question', () => {
    for (const q of DIVERSITY_QUESTIONS) expect(q.options).toContain(PREFER_NOT_TO_SAY)
  })

  it('accepts no answers at all, and options only', () => {
    expect(diversityAnswersSchema.safeParse({}).success).toBe(true)
    expect(diversityAnswersSchema.safeParse({ genderIdentity: 'Woman' }).success).toBe(true)
    expect(diversityAnswersSchema.safeParse({ genderIdentity: 'Cat' }).success).toBe(false)
    expect(diversityAnswersSchema.safeParse({ name: 'Ada' }).success).toBe(false)
  })

  it.each([
    [0, '0'],
    [1, '<5'],
    [4, '<5'],
    [5, '5'],
    [12, '12'],
  ])('shows a count of %i as %s', (count, shown) => {
    expect(suppressCount(count)).toBe(shown)
  })

  it('reports counts per answer with small groups suppressed', () => {
    const responses = [
      ...Array.from({ length: 6 }, () => ({ genderIdentity: 'Woman' })),
      { genderIdentity: 'Man' },
      {},
    ]
    const report = diversityReport(responses)
    expect(report.total).toBe('8')
    const gender = report.questions.find((q) => q.id === 'genderIdentity')!
    const count = (answer: string) => gender.counts.find((c) => c.answer === answer)?.count
    expect(count('Woman')).toBe('6')
    expect(count('Man')).toBe('<5')
    expect(count('Non-binary')).toBe('0')
    expect(count(NOT_ANSWERED)).toBe('<5')
    const age = report.questions.find((q) => q.id === 'ageBand')!
    expect(age.counts.find((c) => c.answer === NOT_ANSWERED)?.count).toBe('8')
  })

  it('suppresses a total under 5', () => {
    expect(diversityReport([{}, {}]).total).toBe('<5')
    expect(diversityReport([]).total).toBe('0')
  })
})
