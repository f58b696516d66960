import { z } from 'zod'
import { canReport, cellLabel, MIN_CELL, protectLine, SMALL_LABEL } from '../reports/disclosure.ts'

/**
 * The diversity survey (PRODUCT.md §2): optional, every question with "Prefer not to say", stored
 * apart from the application and reported only in aggregate with small groups suppressed.
 */
export const PREFER_NOT_TO_SAY = 'Prefer not to say'

export interface DiversityQuestion {
  id: string
  label: string
  options: readonly string[]
}

const q = (id: string, label: string, options: string[]): DiversityQuestion => ({
  id,
  label,
  options: [...options, PREFER_NOT_TO_SAY],
})

/** The questions, in the order the survey asks them. Every one is single choice and optional. */
export const DIVERSITY_QUESTIONS: readonly DiversityQuestion[] = [
  q('ageBand', 'Age', ['Under 18', '18–20', '21–24', '25–29', '30–39', '40 or over']),
  q('genderIdentity', 'Gender identity', ['Woman', 'Man', 'Non-binary', 'In another way']),
  q('transStatus', 'Is your gender identity the same as the sex you were registered at birth?', [
    'Yes',
    'No',
  ]),
  q('sexualOrientation', 'Sexual orientation', [
    'Straight or heterosexual',
    'Gay or lesbian',
    'Bisexual',
    'In another way',
  ]),
  // The broad ethnic groups of the UK census (England and Wales, 2021).
  q('ethnicity', 'Ethnic group', [
    'Asian or Asian British',
    'Black, Black British, Caribbean or African',
    'Mixed or multiple ethnic groups',
    'White',
    'Another ethnic group',
  ]),
  q('disability', 'Do you consider yourself to have a disability or long-term health condition?', [
    'Yes',
    'No',
  ]),
  q('firstInFamily', 'Are you, or were you, the first in your family to go to university?', [
    'Yes',
    'No',
    'Does not apply',
  ]),
]

/** Answers: each question optional, each answer one of its options; unknown questions refused. */
export const diversityAnswersSchema = z
  .object(
    Object.fromEntries(
      DIVERSITY_QUESTIONS.map((question) => [
        question.id,
        z
          .string()
          .refine((v) => question.options.includes(v), 'Choose one of the options.')
          .optional(),
      ]),
    ),
  )
  .strict()
export type DiversityAnswers = Partial<Record<string, string>>

/**
 * Responses reach the report in batches of this many, never one at a time: a report that moved
 * with each answer could be read against the list of who just applied ("9 → 10 responses, White
 * 6 → 7"). At least `MIN_CELL`, so the step between two published reports is never a small group.
 */
export const DIVERSITY_BATCH = MIN_CELL

/**
 * Whether the responses waiting to be published (the one just stored included) make a full batch:
 * then all of them are published together. Anything short of a batch waits, however long, and is
 * never shown — also not after the application deadline (see decision 0032: the rest released at
 * the deadline would be the difference of fewer than 5 people against the last batch).
 */
export function completesBatch(pending: number): boolean {
  return pending >= DIVERSITY_BATCH
}

export interface DiversityReport {
  /** True when fewer than 5 responded: nothing but that is shown. */
  withheld: boolean
  total: string
  questions: {
    id: string
    label: string
    counts: { answer: string; count: string }[]
  }[]
}

export const NOT_ANSWERED = 'Not answered'

/**
 * The aggregate report of an event's responses: per question, how many chose each option (and how
 * many left it blank), under disclosure control (`core/reports/disclosure.ts`): no report at all
 * under 5 respondents, counts under 5 shown as "<5", and a second cell hidden wherever a small one
 * (or a small group of them) could be worked out from the total — so never a cell of 100 %.
 * `responses` are the published ones only (whole batches, `completesBatch`).
 */
export function diversityReport(responses: readonly Record<string, unknown>[]): DiversityReport {
  if (!canReport(responses.length)) return { withheld: true, total: SMALL_LABEL, questions: [] }
  return {
    withheld: false,
    total: String(responses.length),
    questions: DIVERSITY_QUESTIONS.map((question) => {
      const counts = new Map<string, number>([...question.options, NOT_ANSWERED].map((o) => [o, 0]))
      for (const response of responses) {
        const answer = response[question.id]
        const key = typeof answer === 'string' && counts.has(answer) ? answer : NOT_ANSWERED
        counts.set(key, counts.get(key)! + 1)
      }
      const cells = protectLine([...counts.values()])
      return {
        id: question.id,
        label: question.label,
        counts: [...counts.keys()].map((answer, i) => ({ answer, count: cellLabel(cells[i]!) })),
      }
    }),
  }
}
