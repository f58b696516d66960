import { describe, expect, it } from 'vitest'
import {
  DIVERSITY_QUESTIONS,
  diversityAnswersSchema,
  diversityReport,
  NOT_ANSWERED,
  PREFER_NOT_TO_SAY,
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
    // An exact 0 beside "<5" would let a reader place the small group: zeros are "<5" too.
    expect(count('Non-binary')).toBe('<5')
    expect(count(NOT_ANSWERED)).toBe('<5')
    const age = report.questions.find((q) => q.id === 'ageBand')!
    expect(age.counts.find((c) => c.answer === NOT_ANSWERED)?.count).toBe('8')
  })

  it('withholds the whole report under 5 respondents', () => {
    for (const n of [0, 1, 4]) {
      const report = diversityReport(Array.from({ length: n }, () => ({ genderIdentity: 'Woman' })))
      expect(report).toEqual({ withheld: true, total: '<5', questions: [] })
    }
    expect(diversityReport(Array.from({ length: 5 }, () => ({}))).withheld).toBe(false)
  })

  it('never leaves a single small cell beside exact counts', () => {
    // 7 respondents: 6 "Woman", 1 blank. Every other answer is 0, so the small cells come in a group
    // and no exact small count can be subtracted out; shown counts are all 5 or more.
    const responses = Array.from({ length: 7 }, (_, i) => (i < 6 ? { genderIdentity: 'Woman' } : {}))
    const gender = diversityReport(responses).questions.find((q) => q.id === 'genderIdentity')!
    const shown = gender.counts.filter((c) => c.count !== '<5' && c.count !== '—')
    expect(gender.counts.filter((c) => c.count === '<5').length).not.toBe(1)
    expect(shown.every((c) => Number(c.count) >= 5)).toBe(true)
  })
})
