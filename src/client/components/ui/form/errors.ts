import { get, type FieldErrors, type FieldValues } from 'react-hook-form'

/** Problems by form path ("applicationTypes.0.label"); "" is a problem with no field. */
export type FormErrors = Record<string, string>

/** The message of the error at `path` (or at the list's `.root`), if any. */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  const at = get(errors, path) as { message?: unknown; root?: { message?: unknown } } | undefined
  const message = at?.message ?? at?.root?.message
  return typeof message === 'string' ? message : undefined
}

/** The type of the error at `path` (`validation` from the schema, `server`…), if any. */
export function errorTypeAt(errors: FieldErrors, path: string): unknown {
  const at = get(errors, path) as { type?: unknown; root?: { type?: unknown } } | undefined
  return at?.type ?? at?.root?.type
}

/** Every error message in react-hook-form's nested errors, with its form path. */
export function flattenErrors(
  errors: unknown,
  prefix = '',
): { path: string; message: string; type: unknown }[] {
  if (typeof errors !== 'object' || errors === null) return []
  const out: { path: string; message: string; type: unknown }[] = []
  const record = errors as Record<string, unknown>
  if (typeof record.message === 'string' && prefix)
    out.push({ path: prefix, message: record.message, type: record.type })
  for (const [key, value] of Object.entries(record)) {
    if (key === 'message' || key === 'type' || key === 'ref' || key === 'types') continue
    if (prefix === '' && key === 'root') continue
    out.push(...flattenErrors(value, prefix ? `${prefix}.${key}` : key))
  }
  return out
}

/**
 * Flat `{ "a.0.b": message }` as react-hook-form's nested errors (type `validation`). A problem with
 * no field ("") goes to `root.summary`, which the form's error summary shows.
 */
export function nestErrors<T extends FieldValues>(flat: FormErrors): FieldErrors<T> {
  const out: Record<string, unknown> = {}
  for (const [path, message] of Object.entries(flat)) {
    if (!path) {
      out.root = { ...(out.root as object), summary: { type: 'validation', message } }
      continue
    }
    const segments = path.split('.')
    let at = out
    for (const segment of segments.slice(0, -1)) {
      at[segment] = (at[segment] as Record<string, unknown> | undefined) ?? {}
      at = at[segment] as Record<string, unknown>
    }
    at[segments.at(-1)!] = { type: 'validation', message }
  }
  return out as FieldErrors<T>
}
