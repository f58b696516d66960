import { describe, expect, it } from 'vitest'
import {
  completesBatch,
  DIVERSITY_BATCH,
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
      ...Array.from({ length: 7 }, () => ({ genderIdentity: 'Woman' })),
      { genderIdentity: 'Man' },
      {},
      {},
      {},
      {},
    ]
    const report = diversityReport(responses)
    expect(report.total).toBe('12')
    const gender = report.questions.find((q) => q.id === 'genderIdentity')!
    const count = (answer: string) => gender.counts.find((c) => c.answer === answer)?.count
    // 7 of 12: the other 5 together are not a small group, so 7 shows.
    expect(count('Woman')).toBe('7')
    expect(count('Man')).toBe('<5')
    // An exact 0 beside "<5" would let a reader place the small group: zeros are "<5" too.
    expect(count('Non-binary')).toBe('<5')
    expect(count(NOT_ANSWERED)).toBe('<5')
    // Nobody answered the age question: "Not answered = 12 of 12" would tell every respondent's answer.
    const age = report.questions.find((q) => q.id === 'ageBand')!
    expect(age.counts.find((c) => c.answer === NOT_ANSWERED)?.count).toBe('—')
    expect(age.counts.every((c) => c.count === '<5' || c.count === '—')).toBe(true)
  })

  it('never shows a cell of 100 %, nor one within 5 of the total', () => {
    const nine = diversityReport(Array.from({ length: 9 }, () => ({ disability: 'No' })))
    const disability = nine.questions.find((q) => q.id === 'disability')!
    expect(disability.counts.find((c) => c.answer === 'No')?.count).toBe('—')
    const twelve = diversityReport(
      Array.from({ length: 12 }, (_, i) => ({
        disability: i < 9 ? 'No' : i < 11 ? 'Yes' : PREFER_NOT_TO_SAY,
      })),
    )
    for (const question of twelve.questions)
      for (const c of question.counts)
        if (/^\d+$/.test(c.count)) expect(Number(c.count)).toBeLessThanOrEqual(12 - 5)
  })

  it('publishes responses in batches of at least 5, never one at a time', () => {
    expect(DIVERSITY_BATCH).toBeGreaterThanOrEqual(5)
    // Simulate answers arriving one by one: the pending ones are published together when they fill
    // a batch. The published count only ever takes whole-batch steps.
    let published = 0
    let pending = 0
    const seen: number[] = []
    for (let n = 1; n <= 23; n++) {
      pending++
      if (completesBatch(pending)) {
        published += pending
        pending = 0
      }
      seen.push(published)
    }
    expect(seen).toEqual(
      Array.from({ length: 23 }, (_, i) => Math.floor((i + 1) / DIVERSITY_BATCH) * DIVERSITY_BATCH),
    )
    for (let i = 1; i < seen.length; i++) expect([0, DIVERSITY_BATCH]).toContain(seen[i]! - seen[i - 1]!)
    expect(completesBatch(DIVERSITY_BATCH - 1)).toBe(false)
    expect(completesBatch(0)).toBe(false)
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
