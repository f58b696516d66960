import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql'

export type RootKind = 'query' | 'mutation' | 'subscription'

export interface RootField {
  kind: RootKind
  name: string
  field: GraphQLField<unknown, unknown>
}

/** Every root field of the schema, queries then mutations then subscriptions. */
export function rootFields(schema: GraphQLSchema): RootField[] {
  const out: RootField[] = []
  const add = (kind: RootKind, type: GraphQLObjectType | null | undefined) => {
    if (!type) return
    for (const field of Object.values(type.getFields())) out.push({ kind, name: field.name, field })
  }
  add('query', schema.getQueryType())
  add('mutation', schema.getMutationType())
  add('subscription', schema.getSubscriptionType())
  return out
}

/** A plausible value of an input type: required fields only, a harmless placeholder per scalar. */
export function placeholderValue(type: GraphQLInputType, depth = 0): unknown {
  if (isNonNullType(type)) return placeholderValue(type.ofType, depth)
  if (isListType(type)) return [placeholderValue(type.ofType, depth + 1)]
  if (isEnumType(type)) return type.getValues()[0]?.value
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {}
    if (depth > 4) return value
    for (const f of Object.values(type.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined)
        value[f.name] = placeholderValue(f.type, depth + 1)
    }
    return value
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
        return 1
      case 'Float':
        return 1.5
      case 'Boolean':
        return false
      case 'ID':
        return '00000000-0000-4000-8000-000000000000'
      case 'DateTime':
        return '2030-01-01T00:00:00.000Z'
      case 'JSON':
        return {}
      default:
        return 'probe'
    }
  }
  return null
}

/** The smallest valid selection of an output type: `__typename` for composites, nothing for leaves. */
export function minimalSelection(type: GraphQLOutputType): string {
  const named = getNamedType(type)
  if (isObjectType(named) || isInterfaceType(named) || isUnionType(named)) return ' { __typename }'
  return ''
}

/**
 * A document calling one root field with every argument as a variable, and variables with
 * placeholders for the required ones (`overrides` replace them).
 */
export function probeOperation(
  root: RootField,
  overrides: Record<string, unknown> = {},
): { query: string; variables: Record<string, unknown> } {
  const defs: string[] = []
  const args: string[] = []
  const variables: Record<string, unknown> = {}
  for (const arg of root.field.args) {
    defs.push(`$${arg.name}: ${String(arg.type)}`)
    args.push(`${arg.name}: $${arg.name}`)
    if (arg.name in overrides) variables[arg.name] = overrides[arg.name]
    else if (isNonNullType(arg.type) && arg.defaultValue === undefined)
      variables[arg.name] = placeholderValue(arg.type)
  }
  const head = `${root.kind} Probe${defs.length ? `(${defs.join(', ')})` : ''}`
  const call = `${root.name}${args.length ? `(${args.join(', ')})` : ''}${minimalSelection(root.field.type)}`
  return { query: `${head} { ${call} }`, variables }
}
