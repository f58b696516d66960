import { byEnumName } from '#core/closed-set.ts'
import { builder } from './builder.ts'

/**
 * A GraphQL enum over a closed set whose stored words are no GraphQL names (`tickets.hold`,
 * `firstEvent`, `alto 1`): each value is named in UPPER_CASE (`TICKETS_HOLD`) and stands for its
 * stored word, so resolvers return and receive the core list's words unchanged.
 */
export function wordEnum<const T extends string>(
  name: string,
  values: readonly T[],
  options: { description?: string } = {},
) {
  return builder.enumType(name, {
    ...options,
    values: Object.fromEntries([...byEnumName(values)].map(([key, value]) => [key, { value }])),
  })
}
