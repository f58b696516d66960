import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isCompositeType,
  isListType,
  Kind,
  type GraphQLCompositeType,
  type GraphQLField,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  isObjectType,
  isInterfaceType,
} from 'graphql'

export const MAX_QUERY_DEPTH = 10
export const MAX_QUERY_COST = 5000
/** The largest page any list field serves; a list without a literal limit is costed at this size. */
export const MAX_PAGE_SIZE = 100

/**
 * Cost limit. Each field costs 1; a list field costs its children times the page size it may
 * return. Mercurius caches validated queries per text (JIT needs the cache), so the rule cannot
 * see variables: a page size given as a variable is costed at MAX_PAGE_SIZE.
 */
export function costLimitRule(max = MAX_QUERY_COST): ValidationRule {
  return (context: ValidationContext) => {
    const schema = context.getSchema()

    const fieldOf = (
      parent: GraphQLCompositeType,
      name: string,
    ): GraphQLField<unknown, unknown> | undefined => {
      if (isObjectType(parent) || isInterfaceType(parent)) return parent.getFields()[name]
      return undefined
    }

    const costOf = (
      selectionSet: SelectionSetNode,
      parent: GraphQLCompositeType,
      seen: Set<string>,
    ): number => {
      let total = 0
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith('__')) {
            total += 1
            continue
          }
          const field = fieldOf(parent, selection.name.value)
          if (!field) continue
          const named = getNamedType(field.type)
          const children =
            selection.selectionSet && isCompositeType(named) ? costOf(selection.selectionSet, named, seen) : 0
          let size = 1
          if (isListType(getNullableType(field.type))) {
            const limitArg = selection.arguments?.find(
              (a) => a.name.value === 'limit' || a.name.value === 'first',
            )
            const literal = limitArg?.value.kind === Kind.INT ? Number(limitArg.value.value) : undefined
            size = Math.min(literal ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE)
          }
          total += 1 + size * children
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const typeName = selection.typeCondition?.name.value
          const type = typeName ? schema.getType(typeName) : parent
          if (type && isCompositeType(type)) total += costOf(selection.selectionSet, type, seen)
        } else {
          const name = selection.name.value
          if (seen.has(name)) continue
          const fragment = context.getFragment(name)
          const type = fragment ? schema.getType(fragment.typeCondition.name.value) : undefined
          if (fragment && type && isCompositeType(type)) {
            total += costOf(fragment.selectionSet, type, new Set([...seen, name]))
          }
        }
      }
      return total
    }

    return {
      OperationDefinition(node) {
        const root =
          node.operation === 'query'
            ? schema.getQueryType()
            : node.operation === 'mutation'
              ? schema.getMutationType()
              : schema.getSubscriptionType()
        if (!root) return
        const cost = costOf(node.selectionSet, root, new Set())
        if (cost > max) {
          context.reportError(
            new GraphQLError(`Query is too expensive: cost ${cost} is over the limit of ${max}.`, {
              nodes: [node],
            }),
          )
        }
      },
    }
  }
}
