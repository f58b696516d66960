import { fileAnswerSchema } from '#core/applications/application.schemas.ts'
import type { Question, QuestionKind } from '#core/events/event-config.schemas.ts'
import type { ApplicationRow } from '#server/modules/applications/update-application.ts'
import { signFileUrl } from '#server/storage/signed-url.ts'

/** One answer as casting reads it: its question's label and kind, as text, with a file link. */
export interface CastingAnswer {
  questionId: string
  label: string
  /** null for an answer to a question since removed from the form. */
  kind: QuestionKind | null
  value: unknown
  text: string
  fileName: string | null
  fileUrl: string | null
}

/** The answers in the order of the form's questions; answers to removed questions come last. */
export function castingAnswers(
  row: Pick<ApplicationRow, 'answers'>,
  questions: readonly Question[],
  secret: string,
): CastingAnswer[] {
  const answers = row.answers ?? {}
  const known = new Set(questions.map((q) => q.id))
  const list: { id: string; label: string; kind: QuestionKind | null }[] = [
    ...questions.map((q) => ({ id: q.id, label: q.label, kind: q.kind })),
    ...Object.keys(answers)
      .filter((id) => !known.has(id))
      .map((id) => ({ id, label: id, kind: null })),
  ]
  return list.map(({ id, label, kind }) => {
    const value = answers[id] ?? null
    const file = kind === 'file' ? fileAnswerSchema.safeParse(value) : null
    return {
      questionId: id,
      label,
      kind,
      value,
      text: answerText(value),
      fileName: file?.success ? file.data.name : null,
      fileUrl: file?.success ? signFileUrl(file.data.key, secret) : null,
    }
  })
}

function answerText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(answerText).join(', ')
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>
    if (typeof v.instrument === 'string')
      return v.level ? `${v.instrument} (${String(v.level)})` : v.instrument
    if (typeof v.name === 'string') return v.name
    return JSON.stringify(value)
  }
  return String(value)
}
