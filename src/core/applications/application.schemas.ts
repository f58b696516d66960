import { z } from 'zod'
import type { Question } from '../events/event-config.schemas.ts'
import {
  INSTRUMENT_LEVELS,
  instrumentSchema,
  profileEssentialsSchema,
  VOICE_PARTS,
} from '../profiles/profile.schemas.ts'

export const DEFAULT_SHORT_TEXT_MAX = 200
export const DEFAULT_LONG_TEXT_MAX = 5000

/** A file answer: the key `POST /api/files` returned, and the name the member uploaded it under. */
export const fileAnswerSchema = z.object({
  key: z.string().min(1).max(1024),
  name: z.string().min(1).max(255),
})
export type FileAnswer = z.infer<typeof fileAnswerSchema>

/** The zod schema of one question's answer, required or not. */
export function answerSchema(question: Question): z.ZodType {
  const required = question.required
  const text = (max: number) => {
    const s = z
      .string()
      .trim()
      .max(question.maxLength ?? max, `Keep this under ${question.maxLength ?? max} characters.`)
    return required ? s.min(1, 'This question needs an answer.') : s
  }
  switch (question.kind) {
    case 'short_text':
      return required ? text(DEFAULT_SHORT_TEXT_MAX) : text(DEFAULT_SHORT_TEXT_MAX).optional()
    case 'long_text':
      return required ? text(DEFAULT_LONG_TEXT_MAX) : text(DEFAULT_LONG_TEXT_MAX).optional()
    case 'single_choice': {
      const options = question.options ?? []
      const s = z.string().refine((v) => options.includes(v), 'Choose one of the options.')
      return required ? s : s.optional()
    }
    case 'multi_choice': {
      const options = question.options ?? []
      const s = z
        .array(z.string().refine((v) => options.includes(v), 'Choose from the options.'))
        .max(options.length)
        .refine((v) => new Set(v).size === v.length, 'Choose each option once.')
      return required ? s.min(1, 'Choose at least one option.') : s.optional()
    }
    case 'voice_part': {
      const s = z.enum(VOICE_PARTS, { error: 'Choose a voice part.' })
      return required ? s : s.optional()
    }
    case 'instrument':
      return required ? instrumentSchema : instrumentSchema.optional()
    case 'file':
      return required ? fileAnswerSchema : fileAnswerSchema.optional()
  }
}

/** Drop answers that are empty ('' or [] or null) so optional questions may be left blank. */
export function withoutEmptyAnswers(answers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(answers).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  )
}

/**
 * The answers of an application type's form, derived from its question definitions; the form and
 * the server both use it. Unknown answer ids are refused.
 */
export function answersSchema(questions: readonly Question[]) {
  const shape: Record<string, z.ZodType> = {}
  for (const q of questions) shape[q.id] = answerSchema(q)
  return z.preprocess(
    (v) =>
      v && typeof v === 'object' && !Array.isArray(v) ? withoutEmptyAnswers(v as Record<string, unknown>) : v,
    z.object(shape).strict(),
  )
}

/** A submitted application: the answers and the profile essentials. */
export function applicationFormSchema(questions: readonly Question[]) {
  return z.object({ profile: profileEssentialsSchema, answers: answersSchema(questions) })
}

/** A draft: anything the member has typed so far, size-capped; checked properly on submit. */
export const draftSchema = z.object({
  profile: z.record(z.string(), z.unknown()).optional(),
  answers: z.record(z.string().max(40), z.unknown()),
})
export const MAX_DRAFT_BYTES = 100_000

export { INSTRUMENT_LEVELS, VOICE_PARTS }
