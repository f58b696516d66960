import type { CombinedError } from 'urql'
import { firstErrorCode, NETWORK_ERROR_CODE } from './query-errors.ts'

/** What a failure says when the server gave no message of its own. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.'
export const SERVER_UNREACHABLE = 'The server could not be reached. Check your connection and try again.'

/** One problem with one field, as a VALIDATION error's `extensions.fields` carries it. */
export interface FieldProblem {
  /** Dotted path of the input field ("eventConfig.applicationTypes.0.label"). */
  path: string
  message: string
}

/** A failed GraphQL answer, in the terms a page shows it. */
export interface MutationFailure {
  /** `extensions.code` (VALIDATION, CONFLICT, NOT_FOUND…), NETWORK without an answer, else UNKNOWN. */
  code: string
  /** The message for the person: the page's own for this code, the server's, or a fallback. */
  message: string
  fields: FieldProblem[]
}

export interface FailureWording {
  /** Said when the server gave no message (default "Something went wrong. Please try again."). */
  fallback?: string
  /** The page's own words for some codes, instead of the server's ("No member has this email"). */
  messages?: Partial<Record<string, string>>
}

type ErrorLike = Pick<CombinedError, 'graphQLErrors' | 'networkError'>

/** `extensions.fields` as field problems; anything malformed is skipped. */
export function fieldProblems(raw: unknown): FieldProblem[] {
  if (!Array.isArray(raw)) return []
  const problems: FieldProblem[] = []
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) continue
    const { path, message } = item as { path?: unknown; message?: unknown }
    if (typeof message !== 'string') continue
    problems.push({ path: Array.isArray(path) ? path.join('.') : String(path ?? ''), message })
  }
  return problems
}

/** The one reading of a failed GraphQL answer: its code, the message to show and the field problems. */
export function failureOf(error: ErrorLike, wording: FailureWording = {}): MutationFailure {
  const code = firstErrorCode(error)
  const first = error.graphQLErrors[0]
  const message =
    wording.messages?.[code] ??
    first?.message ??
    (code === NETWORK_ERROR_CODE ? SERVER_UNREACHABLE : (wording.fallback ?? SOMETHING_WENT_WRONG))
  return { code, message, fields: fieldProblems(first?.extensions?.fields) }
}

/** Just the message (a query's failure shown beside what it was loading). */
export function errorMessage(error: ErrorLike, fallback?: string): string {
  return failureOf(error, { fallback }).message
}

/** The first problem of each top-level field ("slug", "eventConfig"), for forms without nesting. */
export function problemsByField(fields: readonly FieldProblem[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const { path, message } of fields) {
    const key = path.split('.')[0] ?? ''
    if (!(key in out)) out[key] = message
  }
  return out
}

/** Where a form puts field problems: by field name, and those it has no field for. */
export interface PlacedProblems {
  fields: Record<string, string>
  other: string[]
}

/** By default each problem goes to the form field named like its path (the first one per field). */
export function placeByPath(fields: readonly FieldProblem[]): PlacedProblems {
  const placed: PlacedProblems = { fields: {}, other: [] }
  for (const { path, message } of fields) {
    if (!path) placed.other.push(message)
    else if (!(path in placed.fields)) placed.fields[path] = message
  }
  return placed
}

/**
 * What a form shows above itself once the field problems are placed: the problems no field took,
 * the failure's message when there were no field problems, or nothing when each sits at its field.
 */
export function formMessage(failure: MutationFailure, placed: PlacedProblems): string | null {
  if (placed.other.length) return placed.other.join(' ')
  return failure.fields.length === 0 ? failure.message : null
}
