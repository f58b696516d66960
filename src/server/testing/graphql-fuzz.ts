import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql'
import { rootFields, type RootField } from './graphql-probe.ts'

/** A small seeded generator (mulberry32): the same seed gives the same documents. */
export function seededRandom(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  }
}
export type Random = ReturnType<typeof seededRandom>

const ODD_STRINGS = [
  '',
  ' ',
  'x'.repeat(5000),
  '😀🎭',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '\\u0000',
  'null',
  '2030-13-45T99:99:99Z',
  'not-a-uuid',
  '00000000-0000-4000-8000-000000000000',
  '-1',
  '1e309',
  '\u202e\u0301',
]
const ODD_NUMBERS = [0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 1.5, 1e308, Number.MAX_SAFE_INTEGER]

/** A value for an input type: usually well-typed and odd, sometimes of the wrong type altogether. */
export function fuzzValue(r: Random, type: GraphQLInputType, depth = 0): unknown {
  if (r.chance(0.04)) return r.pick([null, 5, 'x', true, [], {}, [[['deep']]], { a: { b: { c: 1 } } }])
  if (isNonNullType(type)) return fuzzValue(r, type.ofType, depth)
  if (isListType(type)) {
    return depth > 3 ? [] : Array.from({ length: r.int(4) }, () => fuzzValue(r, type.ofType, depth + 1))
  }
  if (isEnumType(type)) return r.chance(0.9) ? r.pick(type.getValues()).value : 'NOT_A_VALUE'
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {}
    if (depth > 3) return out
    for (const f of Object.values(type.getFields())) {
      if (isNonNullType(f.type) || r.chance(0.5)) out[f.name] = fuzzValue(r, f.type, depth + 1)
    }
    if (r.chance(0.05)) out.unknownField = 1
    return out
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
      case 'Float':
        return r.pick(ODD_NUMBERS)
      case 'Boolean':
        return r.chance(0.5)
      case 'DateTime':
        return r.pick(['2030-01-01T00:00:00Z', 'yesterday', '', '0', '2030-02-30T00:00:00Z'])
      case 'JSON':
        return r.pick([{}, [], { a: [1, 'x', null] }, 'x', 1])
      default:
        return r.pick(ODD_STRINGS)
    }
  }
  return null
}

function selectionOf(r: Random, type: GraphQLNamedType, depth: number, vars: VarSink): string {
  if (isUnionType(type)) {
    const member = r.pick(type.getTypes())
    return ` { __typename ... on ${member.name}${selectionOf(r, member, depth, vars)} }`
  }
  if (!isObjectType(type) && !isInterfaceType(type)) return ''
  const fields = Object.values(type.getFields())
  const chosen = new Set<GraphQLField<unknown, unknown>>()
  const n = 1 + r.int(Math.min(4, fields.length))
  for (let i = 0; i < n; i++) chosen.add(r.pick(fields))
  const parts = ['__typename']
  for (const field of chosen) {
    const named = getNamedType(field.type)
    const composite = isObjectType(named) || isInterfaceType(named) || isUnionType(named)
    if (composite && depth >= 3) continue
    const args = argumentsOf(r, field, vars)
    parts.push(`${field.name}${args}${composite ? selectionOf(r, named, depth + 1, vars) : ''}`)
  }
  return ` { ${parts.join(' ')} }`
}

interface VarSink {
  defs: string[]
  values: Record<string, unknown>
}

function argumentsOf(r: Random, field: GraphQLField<unknown, unknown>, vars: VarSink): string {
  const args: string[] = []
  for (const arg of field.args) {
    if (!isNonNullType(arg.type) && r.chance(0.5)) continue
    const name = `v${vars.defs.length}`
    vars.defs.push(`$${name}: ${String(arg.type)}`)
    vars.values[name] = fuzzValue(r, arg.type)
    args.push(`${arg.name}: $${name}`)
  }
  return args.length ? `(${args.join(', ')})` : ''
}

/** Damage a document the way a broken client might: cut it, repeat a piece, drop a brace. */
function mangle(r: Random, text: string): string {
  const at = r.int(text.length + 1)
  switch (r.int(5)) {
    case 0:
      return text.slice(0, at)
    case 1:
      return text.slice(0, at) + text.slice(at, at + 20).repeat(1 + r.int(50)) + text.slice(at)
    case 2:
      return text.replace(/[{}()]/, '')
    case 3:
      return (
        text.slice(0, at) + r.pick(['{', '}', '$', '@skip', '...', '"', '#', '\u0000', '(']) + text.slice(at)
      )
    default:
      return '{'.repeat(r.int(200)) + text
  }
}

export interface FuzzCase {
  query: unknown
  variables: unknown
  operationName?: unknown
}

/** One request body, from the schema's grammar: mostly well-formed, some mangled, a few not even GraphQL. */
export function fuzzCase(
  r: Random,
  schema: GraphQLSchema,
  roots: RootField[] = rootFields(schema),
): FuzzCase {
  const candidates = roots.filter((f) => f.kind !== 'subscription' || r.chance(0.1))
  const count = 1 + r.int(3)
  const vars: VarSink = { defs: [], values: {} }
  const kind = r.chance(0.7) ? 'query' : 'mutation'
  const pool = candidates.filter((f) => f.kind === kind)
  const calls: string[] = []
  for (let i = 0; i < count; i++) {
    const root = r.pick(pool.length ? pool : candidates)
    const named = getNamedType(root.field.type)
    calls.push(`f${i}: ${root.name}${argumentsOf(r, root.field, vars)}${selectionOf(r, named, 1, vars)}`)
  }
  let query = `${kind} Fuzz${vars.defs.length ? `(${vars.defs.join(', ')})` : ''} { ${calls.join(' ')} }`
  let variables: unknown = vars.values
  if (r.chance(0.15)) query = mangle(r, query)
  if (r.chance(0.05)) variables = r.pick([null, 'x', [1], 5, { v0: { nested: [[[{}]]] } }])
  if (r.chance(0.02)) return { query: r.pick([5, null, [], {}, true]), variables }
  return { query, variables, ...(r.chance(0.05) ? { operationName: r.pick(['Nope', 5, 'Fuzz']) } : {}) }
}
