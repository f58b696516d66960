import type { CombinedError } from 'urql'

/** One problem with one field, as the server's VALIDATION errors carry them. */
export interface FieldError {
  path: string
  message: string
}

/** The first error's message, for a notice next to the action that failed. */
export function errorMessage(error: CombinedError): string {
  return error.graphQLErrors[0]?.message ?? 'Something went wrong. Please try again.'
}

/** `extensions.fields` of a VALIDATION error, keyed by the top-level field. */
export function fieldErrors(error: CombinedError | undefined): Record<string, string> {
  const fields = error?.graphQLErrors[0]?.extensions?.fields
  const out: Record<string, string> = {}
  if (!Array.isArray(fields)) return out
  for (const field of fields as unknown[]) {
    if (typeof field !== 'object' || field === null) continue
    const { path, message } = field as Partial<FieldError>
    if (typeof message !== 'string') continue
    const key = String(path ?? '').split('.')[0] ?? ''
    if (!(key in out)) out[key] = message
  }
  return out
}
