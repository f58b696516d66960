import { getIntrospectionQuery, parse, validate } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { costLimitRule, INTROSPECTION_COST, MAX_QUERY_COST, rootFieldLimitRule } from './limits.ts'
import { schema } from './schema.ts'

// Issue 26, findings 3 and 5: the cost rules are bounded and count introspection like any field.

const check = (text: string) =>
  validate(schema, parse(text), [costLimitRule(), rootFieldLimitRule()]).map((e) => e.message)

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

  it('a development server still answers an introspection query', async () => {
    // NOTE: GraphiQL's full query nests 15 deep and meets Mercurius' depth limit of 10 (as before).
    const res = await gql(t.app, '{ __schema { types { name kind fields { name args { name } } } } }')
    expect(res.body.errors).toBeUndefined()
    expect(res.status).toBe(200)
    expect(res.body.errors).toBeUndefined()
  })
})
