/**
 * Whether a string read from outside the types (a `<select>`'s value, a URL parameter, a stored
 * payload) is one of a closed set's values. It narrows the string, so callers need no cast.
 */
export function isOneOf<const T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
}

/**
 * The GraphQL enum name of a stored word that is no valid GraphQL name (dots, hyphens, spaces,
 * camelCase): `mailingList.addSubscriber` → `MAILING_LIST_ADD_SUBSCRIBER`, `alto 1` → `ALTO_1`.
 * GraphQL enum values are UPPER_CASE by convention; the stored word stays as it is, so no data
 * migration is needed (decision 0036).
 */
export function enumName(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^a-zA-Z0-9]+/g, '_')
    .toUpperCase()
}

/**
 * A closed set's stored words keyed by their GraphQL enum names, for the server's enum and for a
 * client that reads a name back as its word (`byEnumName(AUDIT_ACTIONS).get('TICKETS_HOLD')`).
 * Throws when two words would share a name, so a clash fails at start-up and in tests.
 */
export function byEnumName<const T extends string>(values: readonly T[]): ReadonlyMap<string, T> {
  const map = new Map<string, T>()
  for (const value of values) {
    const name = enumName(value)
    const taken = map.get(name)
    if (taken !== undefined) throw new Error(`"${taken}" and "${value}" share the GraphQL name ${name}`)
    map.set(name, value)
  }
  return map
}
