import { GraphQLError, type ValidationContext } from 'graphql'
import { createComplexityRule, type ComplexityEstimator } from 'graphql-query-complexity'

export const MAX_QUERY_DEPTH = 10
export const MAX_QUERY_COST = 5000
/** The largest page any list field serves; a list without a literal limit is costed at this size. */
export const MAX_PAGE_SIZE = 100

/**
 * Each field costs 1; a list field costs its children times the page size it may return. Queries
 * are validated once per text (Mercurius caches them for JIT), so a limit given as a variable is
 * costed at the maximum page size.
 */
const listAwareEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  let type = field.type
  while ('ofType' in type && type.ofType) {
    if (type.constructor.name === 'GraphQLList') break
    type = type.ofType
  }
  const isList = type.constructor.name === 'GraphQLList'
  if (!isList) return 1 + childComplexity
  const requested = typeof args.limit === 'number' ? args.limit : typeof args.first === 'number' ? args.first : undefined
  const size = Math.min(requested ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE)
  return 1 + size * Math.max(childComplexity, 1)
}

export function costLimitRule(max = MAX_QUERY_COST): (context: ValidationContext) => unknown {
  return createComplexityRule({
    maximumComplexity: max,
    estimators: [listAwareEstimator],
    createError: (limit, actual) =>
      new GraphQLError(`Query is too expensive: cost ${actual} is over the limit of ${limit}.`),
  }) as (context: ValidationContext) => unknown
}
