import type { CombinedError } from 'urql'

/** The code a failure view shows when the request never got a GraphQL answer. */
export const NETWORK_ERROR_CODE = 'NETWORK'
/** The code shown when the server answered with an error that has none. */
export const UNKNOWN_ERROR_CODE = 'UNKNOWN'

/**
 * The first GraphQL error's code (`extensions.code`, spec §8: a failed query passes it along), or
 * NETWORK when there was no answer at all.
 */
export function firstErrorCode(error: Pick<CombinedError, 'graphQLErrors' | 'networkError'>): string {
  const code = error.graphQLErrors[0]?.extensions?.code
  if (typeof code === 'string' && code) return code
  if (error.graphQLErrors.length === 0 && error.networkError) return NETWORK_ERROR_CODE
  return UNKNOWN_ERROR_CODE
}

/** Did the query fail because what it asked for does not exist (or may not be seen)? */
export function isNotFound(
  error: Pick<CombinedError, 'graphQLErrors' | 'networkError'> | undefined,
): boolean {
  return error !== undefined && firstErrorCode(error) === 'NOT_FOUND'
}
