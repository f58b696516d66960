/**
 * Whether a string read from outside the types (a `<select>`'s value, a URL parameter, a stored
 * payload) is one of a closed set's values. It narrows the string, so callers need no cast.
 */
export function isOneOf<const T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
}
