import { getIntrospectionQuery, parse, validate } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import {
  costLimitRule,
  depthLimitRule,
  INTROSPECTION_COST,
  MAX_INTROSPECTION_DEPTH,
  MAX_QUERY_COST,
  MAX_QUERY_DEPTH,
  rootFieldLimitRule,
} from './limits.ts'
import { schema } from './schema.ts'

// Issue 26, findings 3 and 5: the cost rules are bounded and count introspection like any field.

const check = (text: string) =>
  validate(schema, parse(text), [costLimitRule(), rootFieldLimitRule()]).map((e) => e.message)
const depthCheck = (text: string) => validate(schema, parse(text), [depthLimitRule()]).map((e) => e.message)

/** What GraphiQL sends to draw its docs: graphql 16's introspection query with every option on. */
const GRAPHIQL_INTROSPECTION = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
})
/** `__type` with `ofType` nested until the whole is `depth` fields deep. */
const ofTypes = (depth: number, root = '') => {
  let selection = 'name'
  for (let i = 0; i < depth - 2; i++) selection = `ofType { ${selection} }`
  return `{ ${root} __type(name: "User") { ${selection} } }`
}

const chain = (n: number) =>
  ['{ ...f0 }', ...Array.from({ length: n }, (_, i) => `fragment f${i} on Query { ...f${i + 1} }`)]
    .concat(`fragment f${n} on Query { __typename }`)
    .join('\n')

describe('cost rules on their own (no document checks in front)', () => {
  it('refuse a 3,000-fragment chain instead of overflowing the stack', () => {
    expect(check(chain(3000))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/too expensive/),
        expect.stringMatching(/Too many root fields/),
      ]),
    )
    expect(check(chain(20))).toEqual([])
  })

  it('let one GraphiQL introspection query through, and cost it at least INTROSPECTION_COST', () => {
    expect(check(getIntrospectionQuery())).toEqual([])
    expect(INTROSPECTION_COST * 5).toBeGreaterThan(MAX_QUERY_COST)
  })

  it('refuse 250 aliases of a deep __schema query, and 8 reached through fragments', () => {
    const deep = '__schema { types { name fields { name args { name type { name } } } } }'
    const aliases = Array.from({ length: 250 }, (_, i) => `s${i}: ${deep}`).join(' ')
    expect(check(`{ ${aliases} }`).join()).toMatch(/too expensive/)
    const doubling = [`{ ...d3 }`, `fragment d0 on Query { ${deep} }`]
    for (let i = 1; i <= 3; i++) doubling.push(`fragment d${i} on Query { ...d${i - 1} ...d${i - 1} }`)
    expect(check(doubling.join('\n')).join()).toMatch(/too expensive/)
  })

  it('refuse lists nested deeper than GraphiQL nests them inside introspection', () => {
    expect(check('{ __schema { types { fields { args { type { fields { name } } } } } } }').join()).toMatch(
      /too expensive/,
    )
  })

  it('count __typename as a root field', () => {
    const many = Array.from({ length: 25 }, (_, i) => `t${i}: __typename`).join(' ')
    expect(check(`{ ${many} }`).join()).toMatch(/Too many root fields/)
  })
})

describe('depth rule on its own', () => {
  it("lets GraphiQL's introspection query through, at exactly the introspection depth", () => {
    expect(depthCheck(GRAPHIQL_INTROSPECTION)).toEqual([])
    expect(depthCheck(ofTypes(MAX_INTROSPECTION_DEPTH))).toEqual([])
    expect(depthCheck(ofTypes(MAX_INTROSPECTION_DEPTH + 1)).join()).toMatch(/too deep/)
  })

  it('holds any other query, and introspection mixed with other fields, to MAX_QUERY_DEPTH', () => {
    expect(depthCheck(ofTypes(MAX_QUERY_DEPTH, 'currentUser { id }'))).toEqual([])
    expect(depthCheck(ofTypes(MAX_QUERY_DEPTH + 1, 'currentUser { id }')).join()).toMatch(
      new RegExp(`depth limit of ${MAX_QUERY_DEPTH}`),
    )
    // Mixed in through a fragment counts alike.
    const viaFragment = ofTypes(MAX_QUERY_DEPTH + 1, '...me').concat(
      ' fragment me on Query { currentUser { id } }',
    )
    expect(depthCheck(viaFragment).join()).toMatch(/too deep/)
  })

  it('measures through fragments, and a 3,000-fragment chain is refused rather than overflowing', () => {
    const viaFragments = `{ __type(name: "User") { ...a } } fragment a on __Type { ofType { ...b } } fragment b on __Type { ${'ofType { '.repeat(MAX_INTROSPECTION_DEPTH)}name${' }'.repeat(MAX_INTROSPECTION_DEPTH)} }`
    expect(depthCheck(viaFragments).join()).toMatch(/too deep/)
    const typed = [
      '{ ...f0 }',
      ...Array.from(
        { length: 3000 },
        (_, i) => `fragment f${i} on Query { currentUser { id } ...f${i + 1} }`,
      ),
      'fragment f3000 on Query { __typename }',
    ].join('\n')
    expect(depthCheck(typed).join()).toMatch(/too deep/)
  })
})

describe('over HTTP', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({}, { startJobs: false })
  })
  afterAll(() => t.close())

  const post = (query: string) => t.app.inject({ method: 'POST', url: '/api/graphql', payload: { query } })

  it('a 3,000-fragment chain answers 400 with a plain message', async () => {
    const res = await post(chain(3000))
    expect(res.statusCode).toBe(400)
    expect(JSON.parse(res.body).errors[0].message).toMatch(/^The document /)
  })

  it('1,000 aliases of __typename and 250 of __schema answer 400', async () => {
    for (const field of ['__typename', '__schema { types { name } }']) {
      const many = Array.from({ length: field === '__typename' ? 1000 : 250 }, (_, i) => `a${i}: ${field}`)
      const res = await post(`{ ${many.join(' ')} }`)
      expect(res.statusCode).toBe(400)
      expect(JSON.parse(res.body).errors[0].extensions.code).toBe('BAD_REQUEST')
    }
  })

  it("a development server answers GraphiQL's own introspection query", async () => {
    const res = await gql<{ __schema: { types: unknown[] } }>(t.app, GRAPHIQL_INTROSPECTION)
    expect(res.body.errors).toBeUndefined()
    expect(res.status).toBe(200)
    expect(res.body.data?.__schema.types.length).toBeGreaterThan(50)
  })

  it('but not five of them (the cost limit), nor one with a domain field nested past the depth limit', async () => {
    const extra = [1, 2, 3, 4].map((i) => `b${i}: __schema { types { ...FullType } }`).join(' ')
    const five = GRAPHIQL_INTROSPECTION.replace('__schema {', `${extra} a: __schema {`)
    expect(five).not.toBe(GRAPHIQL_INTROSPECTION)
    const costly = await gql(t.app, five)
    expect(costly.status).toBe(400)
    expect(costly.body.errors?.[0]?.message).toMatch(/too expensive/)
    const mixed = await gql(t.app, ofTypes(MAX_QUERY_DEPTH + 1, 'currentUser { id }'))
    expect(mixed.status).toBe(400)
    expect(mixed.body.errors?.[0]?.message).toMatch(/too deep/)
  })
})
