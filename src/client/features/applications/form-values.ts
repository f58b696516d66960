import type { FieldErrors, Resolver } from 'react-hook-form'
import { applicationFormSchema } from '#core/applications/application.schemas.ts'
import type { Question, QuestionKind } from '#core/events/event-config.schemas.ts'

/** A question as the API sends it (nulls for what is not set). */
export interface ApiQuestion {
  key: string
  label: string
  kind: QuestionKind
  required: boolean
  help?: string | null
  options?: readonly string[] | null
  maxLength?: number | null
}

/** The API's questions as the shared schema takes them. */
export function toQuestions(questions: readonly ApiQuestion[]): Question[] {
  return questions.map((q) => ({
    id: q.key,
    label: q.label,
    kind: q.kind,
    required: q.required,
    ...(q.help ? { help: q.help } : {}),
    ...(q.options ? { options: [...q.options] } : {}),
    ...(q.maxLength ? { maxLength: q.maxLength } : {}),
  }))
}

export interface ProfileValues {
  name: string
  phone: string
  emergencyContact: { name: string; phone: string; relationship: string }
}

/** An uploaded file an answer names. */
export interface FileRef {
  key: string
  name: string
}

/** One answer as its field holds it: text or a choice, several choices, an instrument, a file. */
export type AnswerValue = string | string[] | { instrument: string; level: string } | FileRef | null

/** What the form holds: every field present, empty as '' or [] or null. */
export interface ApplicationFormValues {
  profile: ProfileValues
  answers: Record<string, AnswerValue>
}

/** The form's field for the answer to question `id`. */
export type AnswerPath = `answers.${string}`
export const answerPath = (id: string): AnswerPath => `answers.${id}`

export const isFileRef = (value: unknown): value is FileRef =>
  isRecord(value) && typeof value.key === 'string' && typeof value.name === 'string'

export interface Prefill {
  name: string
  phone?: string | null
  emergencyContact?: { name: string; phone: string; relationship: string } | null
}

function emptyAnswer(kind: QuestionKind): AnswerValue {
  switch (kind) {
    case 'multi_choice':
      return []
    case 'instrument':
      return { instrument: '', level: '' }
    case 'file':
      return null
    default:
      return ''
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** A saved value if it has the shape the question's field holds, else the empty value. */
function answerValue(question: Question, saved: unknown): AnswerValue {
  const empty = emptyAnswer(question.kind)
  if (saved === undefined || saved === null) return empty
  if (Array.isArray(empty)) return Array.isArray(saved) ? saved.filter((v) => typeof v === 'string') : empty
  if (question.kind === 'instrument') {
    return isRecord(saved)
      ? { instrument: String(saved.instrument ?? ''), level: String(saved.level ?? '') }
      : empty
  }
  if (question.kind === 'file') {
    return isFileRef(saved) ? { key: saved.key, name: saved.name } : null
  }
  return typeof saved === 'string' ? saved : empty
}

/**
 * The form's starting values: the saved answers (the application's in edit mode, else the draft's),
 * the profile from the draft or else the member's profile.
 */
export function defaultValues(
  questions: readonly Question[],
  prefill: Prefill,
  saved?: { profile?: Record<string, unknown> | null; answers?: Record<string, unknown> | null } | null,
): ApplicationFormValues {
  const answers: Record<string, AnswerValue> = {}
  for (const q of questions) answers[q.id] = answerValue(q, saved?.answers?.[q.id])
  const p = isRecord(saved?.profile) ? saved.profile : {}
  const contact = isRecord(p.emergencyContact) ? p.emergencyContact : {}
  const str = (v: unknown, fallback: string | null | undefined) =>
    typeof v === 'string' ? v : (fallback ?? '')
  return {
    profile: {
      name: str(p.name, prefill.name),
      phone: str(p.phone, prefill.phone),
      emergencyContact: {
        name: str(contact.name, prefill.emergencyContact?.name),
        phone: str(contact.phone, prefill.emergencyContact?.phone),
        relationship: str(contact.relationship, prefill.emergencyContact?.relationship),
      },
    },
    answers,
  }
}

/** What is sent: blank instrument answers dropped (the schema drops other blank answers itself). */
export function toSubmission(values: ApplicationFormValues) {
  const answers: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values.answers)) {
    if (isRecord(value) && 'instrument' in value && !value.instrument && !value.level) continue
    if (isRecord(value) && 'level' in value && value.level === '') {
      answers[key] = { instrument: value.instrument }
      continue
    }
    answers[key] = value
  }
  return { profile: values.profile, answers }
}

/** The form's field names for these questions (dot paths, as react-hook-form registers them). */
export function fieldNames(questions: readonly Question[]): string[] {
  return [
    'profile.name',
    'profile.phone',
    'profile.emergencyContact.name',
    'profile.emergencyContact.phone',
    'profile.emergencyContact.relationship',
    ...questions.flatMap((q) =>
      q.kind === 'instrument' ? [`answers.${q.id}.instrument`, `answers.${q.id}.level`] : [`answers.${q.id}`],
    ),
  ]
}

/**
 * The field an error path belongs to: the field itself, its parent (`answers.extras.1` →
 * `answers.extras`), or its first child (`profile.emergencyContact` → `…emergencyContact.name`).
 * Null when the path is no field (e.g. an unknown answer): it goes to the summary at the top.
 */
export function fieldForPath(path: string, names: readonly string[]): string | null {
  let best: string | null = null
  for (const name of names) {
    if (path === name || path.startsWith(`${name}.`)) {
      if (!best || name.length > best.length) best = name
    }
  }
  if (best) return best
  // A whole section (`answers`, `profile`) is no one field.
  if (!path.includes('.')) return null
  return names.find((name) => name.startsWith(`${path}.`)) ?? null
}

/** The DOM id of a field's input, so the error summary can link to it. */
export const fieldId = (name: string) => `field-${name.replace(/[^a-zA-Z0-9_-]+/g, '-')}`

/** Errors keyed by field name (first message per field), plus those that fit no field. */
export function placeErrors(
  issues: readonly { path: string; message: string }[],
  names: readonly string[],
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {}
  const other: string[] = []
  for (const issue of issues) {
    const name = fieldForPath(issue.path, names)
    if (!name) other.push(issue.message)
    else if (!(name in fields)) fields[name] = issue.message
  }
  return { fields, other }
}

function nest(flat: Record<string, string>): FieldErrors<ApplicationFormValues> {
  const out: Record<string, unknown> = {}
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.split('.')
    let node = out
    for (const part of parts.slice(0, -1)) {
      node[part] = (node[part] as Record<string, unknown> | undefined) ?? {}
      node = node[part] as Record<string, unknown>
    }
    node[parts.at(-1)!] = { type: 'validate', message }
  }
  return out as FieldErrors<ApplicationFormValues>
}

/** Blank as the shared schema sees it (`withoutEmptyAnswers`): nothing, '' or []. */
const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)

/** The value at a zod issue's path, or undefined when any step is missing. */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<PropertyKey, unknown>)[key]
  }
  return node
}

/**
 * A react-hook-form resolver running the shared `applicationFormSchema(questions)`: the same check
 * the server makes, each problem put at its field (anything else at `root.summary`).
 */
export function applicationResolver(questions: readonly Question[]): Resolver<ApplicationFormValues> {
  const schema = applicationFormSchema(questions)
  const names = fieldNames(questions)
  return (values) => {
    const submission = toSubmission(values)
    const parsed = schema.safeParse(submission)
    if (parsed.success) return { values, errors: {} }
    const { fields, other } = placeErrors(
      parsed.error.issues.map((i) => ({
        path: i.path.map(String).join('.'),
        // A required answer left blank is dropped before parsing; say so in words, not zod's.
        message:
          i.code === 'invalid_type' && isBlank(valueAt(submission, i.path))
            ? 'This question needs an answer.'
            : i.message,
      })),
      names,
    )
    const errors = nest(fields)
    if (other.length)
      (errors as Record<string, unknown>).root = { summary: { type: 'validate', message: other.join(' ') } }
    return { values: {}, errors }
  }
}

/** The upload purpose for a file, by its type: images, audio, anything else as a document (PDF). */
export function uploadPurpose(contentType: string): 'image' | 'audio' | 'document' {
  if (contentType.startsWith('image/')) return 'image'
  if (contentType.startsWith('audio/')) return 'audio'
  return 'document'
}
