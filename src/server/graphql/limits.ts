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
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
} from 'graphql'

export const MAX_QUERY_DEPTH = 10
/**
 * How deep a document made only of `__schema`/`__type`/`__typename` may nest: GraphiQL's own
 * introspection query (graphql 16's, every option on) nests 15 fields deep through `ofType`.
 * Such a document still meets the cost rule (INTROSPECTION_COST each) and the alias limit.
 */
export const MAX_INTROSPECTION_DEPTH = 15
export const MAX_QUERY_COST = 5000
/**
 * What `__schema` or `__type` costs before its own selections (decision 0030): a GraphiQL
 * introspection query fits once, four at most fit in one request, and 250 aliases never do.
 */
export const INTROSPECTION_COST = 1200
/** Lists inside an introspection field may nest this deep (GraphiQL's `types.fields.args`). */
export const MAX_INTROSPECTION_LIST_NESTING = 3
/** Fragments and selection sets the cost rules follow inside one another before refusing. */
export const MAX_RULE_NESTING = 128
/** The largest page any list field serves; a list without a literal limit is costed at this size. */
export const MAX_PAGE_SIZE = 100
/** The page a list serves when the client names no size. */
export const DEFAULT_PAGE_SIZE = 50
/** Long admin lists that page server-side and virtualise (casting, member records, subscribers). */
export const MAX_LONG_PAGE_SIZE = 200

/**
 * The page size to serve: what was asked, within 1…max; the default when nothing was asked. Every
 * list field and use case pages through this, so the limits live here only.
 */
export function pageSize(
  requested: number | null | undefined,
  { fallback = DEFAULT_PAGE_SIZE, max = MAX_PAGE_SIZE }: { fallback?: number; max?: number } = {},
): number {
  if (requested === null || requested === undefined || !Number.isFinite(requested))
    return Math.min(fallback, max)
  return Math.min(Math.max(Math.trunc(requested), 1), max)
}

/**
 * Cost limit. Each field costs 1; a list field costs its children times the page size it may
 * return. Mercurius caches validated queries per text (JIT needs the cache), so the rule cannot
 * see variables: a page size given as a variable is costed at MAX_PAGE_SIZE.
 *
 * Linear in the document: each fragment is costed once (memoised by name; its cost depends only on
 * its own selection set and type condition) and every sum saturates just over the limit, so a
 * document of fragments that each spread the previous one twice costs no more to check than to read.
 */
export function costLimitRule(max = MAX_QUERY_COST): ValidationRule {
  return (context: ValidationContext) => {
    const schema = context.getSchema()
    /** Sums stop growing here: anything over the limit is refused alike. */
    const cap = max + 1
    const add = (a: number, b: number) => Math.min(cap, a + b)
    const fragmentCosts = new Map<string, number>()
    /** Fragments being costed right now: a cycle (refused by NoFragmentCycles anyway) costs 0. */
    const inProgress = new Set<string>()

    const fieldOf = (
      parent: GraphQLCompositeType,
      name: string,
    ): GraphQLField<unknown, unknown> | undefined => {
      // `__schema` and `__type` cost like any other field (issue 26, finding 5); `__typename` is
      // skipped by the caller (costOf).
      if (name === '__schema') return parent === schema.getQueryType() ? SchemaMetaFieldDef : undefined
      if (name === '__type') return parent === schema.getQueryType() ? TypeMetaFieldDef : undefined
      if (isObjectType(parent) || isInterfaceType(parent)) return parent.getFields()[name]
      return undefined
    }

    /**
     * Where a selection set sits: how deep the rule has followed (bounded, so a 3,000-fragment chain
     * is refused, not a stack overflow) and, inside `__schema`/`__type`, how many lists it is under
     * (-1 outside them).
     */
    type At = { depth: number; introLists: number }

    const fragmentCost = (name: string, at: At): number => {
      const key = `${at.introLists}:${name}`
      const known = fragmentCosts.get(key)
      if (known !== undefined) return known
      if (inProgress.has(key)) return 0
      const fragment = context.getFragment(name)
      const type = fragment ? schema.getType(fragment.typeCondition.name.value) : undefined
      if (!fragment || !type || !isCompositeType(type)) return 0
      inProgress.add(key)
      const cost = costOf(fragment.selectionSet, type, { ...at, depth: at.depth + 1 })
      inProgress.delete(key)
      fragmentCosts.set(key, cost)
      return cost
    }

    const costOf = (selectionSet: SelectionSetNode, parent: GraphQLCompositeType, at: At): number => {
      if (at.depth > MAX_RULE_NESTING) return cap
      const inner = { ...at, depth: at.depth + 1 }
      let total = 0
      for (const selection of selectionSet.selections) {
        if (total >= cap) return cap
        if (selection.kind === Kind.FIELD) {
          const name = selection.name.value
          // `__typename` is answered from the type, with no resolver: the client's cache adds it to
          // every selection set, and charging it made a member's own pages cost more than the
          // limit. Aliases of it stay bounded by the alias and token limits (document-checks.ts).
          if (name === '__typename') continue
          const field = fieldOf(parent, name)
          if (!field) continue
          const named = getNamedType(field.type)
          const isList = isListType(getNullableType(field.type))
          const entering = name === '__schema' || name === '__type'
          let where = inner
          if (entering) where = { ...inner, introLists: 0 }
          else if (at.introLists >= 0 && isList) {
            where = { ...inner, introLists: at.introLists + 1 }
            if (where.introLists > MAX_INTROSPECTION_LIST_NESTING && selection.selectionSet) return cap
          }
          const children =
            selection.selectionSet && isCompositeType(named)
              ? costOf(selection.selectionSet, named, where)
              : 0
          let size = 1
          // Inside introspection a list costs its children once: the schema bounds its length.
          if (isList && at.introLists < 0) {
            const limitArg = selection.arguments?.find(
              (a) => a.name.value === 'limit' || a.name.value === 'first',
            )
            const literal = limitArg?.value.kind === Kind.INT ? Number(limitArg.value.value) : undefined
            size = Math.min(literal ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE)
          }
          const base = entering ? INTROSPECTION_COST : 1
          total = add(total, Math.min(cap, base + size * children))
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const typeName = selection.typeCondition?.name.value
          const type = typeName ? schema.getType(typeName) : parent
          if (type && isCompositeType(type)) total = add(total, costOf(selection.selectionSet, type, inner))
        } else {
          total = add(total, fragmentCost(selection.name.value, inner))
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
        const cost = costOf(node.selectionSet, root, { depth: 0, introLists: -1 })
        if (cost > max) {
          context.reportError(
            new GraphQLError(`Query is too expensive: its cost is over the limit of ${max}.`, {
              nodes: [node],
            }),
          )
        }
      },
    }
  }
}

/** Root fields one query may ask for (aliases count each time): the client's largest page asks ~6. */
export const MAX_ROOT_FIELDS = 20
/** Mutations one request may carry: every write is a use case with its own audit; the client sends one. */
export const MAX_ROOT_MUTATIONS = 5

/**
 * Caps the root fields of an operation, counting every alias and every field reached through
 * fragments (memoised per fragment, saturating), so one request cannot carry 1,000 aliased writes.
 */
export function rootFieldLimitRule(
  maxQuery = MAX_ROOT_FIELDS,
  maxMutation = MAX_ROOT_MUTATIONS,
): ValidationRule {
  return (context: ValidationContext) => {
    const memo = new Map<string, number>()
    const inProgress = new Set<string>()
    const count = (selectionSet: SelectionSetNode, cap: number, depth = 0): number => {
      if (depth > MAX_RULE_NESTING) return cap + 1
      let total = 0
      for (const selection of selectionSet.selections) {
        if (total > cap) break
        // `__typename` and `__schema` are root fields like any other (issue 26, finding 5).
        if (selection.kind === Kind.FIELD) total += 1
        else if (selection.kind === Kind.INLINE_FRAGMENT)
          total += count(selection.selectionSet, cap, depth + 1)
        else {
          const name = selection.name.value
          let known = memo.get(name)
          if (known === undefined) {
            const fragment = context.getFragment(name)
            if (!fragment || inProgress.has(name)) continue
            inProgress.add(name)
            known = Math.min(cap + 1, count(fragment.selectionSet, cap, depth + 1))
            inProgress.delete(name)
            memo.set(name, known)
          }
          total += known
        }
      }
      return Math.min(cap + 1, total)
    }
    return {
      OperationDefinition(node) {
        if (node.operation === 'subscription') return
        const cap = node.operation === 'mutation' ? maxMutation : maxQuery
        memo.clear()
        if (count(node.selectionSet, cap) > cap) {
          const what = node.operation === 'mutation' ? 'mutations' : 'root fields'
          context.reportError(
            new GraphQLError(`Too many ${what} in one request: at most ${cap}.`, { nodes: [node] }),
          )
        }
      },
    }
  }
}

const INTROSPECTION_ROOTS = new Set(['__schema', '__type', '__typename'])

/**
 * Depth limit: the longest chain of fields in an operation (fragments and inline fragments add no
 * level), at most `max`; an operation whose root fields are all introspection may reach
 * `introspectionMax`, so GraphiQL's introspection query works (issue 26) while the cost and alias
 * limits still bound it. Each fragment is measured once, and nesting is followed at most
 * MAX_RULE_NESTING levels, so a hostile document costs no more to check than to read.
 */
export function depthLimitRule(
  max = MAX_QUERY_DEPTH,
  introspectionMax = MAX_INTROSPECTION_DEPTH,
): ValidationRule {
  return (context: ValidationContext) => {
    /** Deeper than anything allowed: the measure stops here. */
    const cap = Math.max(max, introspectionMax) + 1
    const fragmentDepths = new Map<string, number>()
    const inProgress = new Set<string>()

    const depthOf = (selectionSet: SelectionSetNode, nesting: number): number => {
      if (nesting > MAX_RULE_NESTING) return cap
      let deepest = 0
      for (const selection of selectionSet.selections) {
        let depth = 0
        if (selection.kind === Kind.FIELD) {
          depth = 1 + (selection.selectionSet ? depthOf(selection.selectionSet, nesting + 1) : 0)
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          depth = depthOf(selection.selectionSet, nesting + 1)
        } else {
          const name = selection.name.value
          const known = fragmentDepths.get(name)
          if (known !== undefined) depth = known
          else {
            const fragment = context.getFragment(name)
            // A cycle is refused by NoFragmentCycles; here it adds nothing.
            if (!fragment || inProgress.has(name)) continue
            inProgress.add(name)
            depth = depthOf(fragment.selectionSet, nesting + 1)
            inProgress.delete(name)
            fragmentDepths.set(name, depth)
          }
        }
        deepest = Math.min(cap, Math.max(deepest, depth))
        if (deepest >= cap) return cap
      }
      return deepest
    }

    /** The root fields' names, through fragments and inline fragments (bounded as above). */
    const rootNames = (selectionSet: SelectionSetNode, names: Set<string>, nesting = 0): void => {
      if (nesting > MAX_RULE_NESTING) return void names.add('')
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) names.add(selection.name.value)
        else if (selection.kind === Kind.INLINE_FRAGMENT)
          rootNames(selection.selectionSet, names, nesting + 1)
        else {
          const fragment = context.getFragment(selection.name.value)
          if (fragment && !inProgress.has(fragment.name.value)) {
            inProgress.add(fragment.name.value)
            rootNames(fragment.selectionSet, names, nesting + 1)
            inProgress.delete(fragment.name.value)
          }
        }
      }
    }

    return {
      OperationDefinition(node) {
        const names = new Set<string>()
        rootNames(node.selectionSet, names)
        const introspection = names.size > 0 && [...names].every((n) => INTROSPECTION_ROOTS.has(n))
        const limit = introspection && node.operation === 'query' ? introspectionMax : max
        if (depthOf(node.selectionSet, 0) > limit) {
          context.reportError(
            new GraphQLError(`Query is too deep: it exceeds the depth limit of ${limit}.`, { nodes: [node] }),
          )
        }
      },
    }
  }
}
