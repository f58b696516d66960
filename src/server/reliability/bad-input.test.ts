import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { MAX_QUERY_COST, MAX_ROOT_FIELDS, MAX_ROOT_MUTATIONS } from '#server/graphql/limits.ts'

// Findings 1, 5 and 6 of issue 17: documents and inputs that once froze the server or answered 500.

let t: TestApp
let member: TestUser

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  member = await createUser(t.app)
})
afterAll(() => t.close())

type Body = { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] }

function expectRefused(res: { statusCode: number; body: string }, status = 400) {
  expect(res.statusCode).toBe(status)
  const body = JSON.parse(res.body) as Body & { error?: { code: string; message: string } }
  const code = body.errors?.[0]?.extensions?.code ?? body.error?.code
  expect(code).toBe('BAD_REQUEST')
  expect(res.body).not.toMatch(/stack|Maximum call stack|at .*\.(js|ts):\d+/)
}

/** `levels` fragments, each spreading the one before twice: 2^levels fields from ~1 KB. */
export function fragmentBomb(levels: number): string {
  const parts = ['query Bomb { ...F' + levels + ' }', 'fragment F0 on Query { currentUser { id } }']
  for (let i = 1; i <= levels; i++) parts.push(`fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`)
  return parts.join('\n')
}

const post = (payload: string | object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })

describe('finding 1: fragment spreads', () => {
  it('refuses the 22-level fragment document as too expensive', async () => {
    const res = await post({ query: fragmentBomb(22) })
    expectRefused(res)
    expect(JSON.parse(res.body).errors[0].message).toMatch(/too expensive|Too many root fields/)
  })

  it('still costs a document with a shared fragment correctly', async () => {
    // 2^12 fields is over the cost limit; 2^3 is well under it.
    const ok = await post({ query: fragmentBomb(3) })
    expect(ok.statusCode).toBe(200)
    expect(MAX_QUERY_COST).toBeLessThan(2 ** 13)
  })
})

describe('finding 5: bad input answers 400 with a code', () => {
  it('a query that is not a string', async () => {
    expectRefused(await post('{"query":5}'))
    expectRefused(await post('{"query":null}'))
    expectRefused(await post('{"query":"{ currentUser { id } }","variables":"x"}'))
  })

  it('an invalid DateTime variable, also once the query is JIT-compiled (its second sighting)', async () => {
    // The fuzz test found the second one: the compiled path kept the scalar's TypeError as INTERNAL.
    for (const attempt of [1, 2, 3]) {
      const res = await post(
        {
          query: 'mutation M($id: ID!, $at: DateTime!) { scheduleShowReveal(id: $id, revealAt: $at) { id } }',
          variables: { id: 'x', at: 'not a date' },
        },
        { authorization: `Bearer ${member.token}` },
      )
      expectRefused(res)
      expect(JSON.parse(res.body).errors[0].message, `attempt ${attempt}`).toMatch(/DateTime/)
    }
  })

  it('a NUL character in a string variable or literal', async () => {
    expectRefused(
      await post({
        query: 'query Q($slug: String!) { event(slug: $slug) { id } }',
        variables: { slug: 'a\u0000b' },
      }),
    )
    expectRefused(await post({ query: '{ event(slug: "a\\u0000b") { id } }' }))
    expectRefused(await post({ query: '{ event(slug: "ok") { id } }', variables: { x: ['\u0000'] } }))
  })

  it('a NUL in a URL', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/calendar/member/%00.ics' }))
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/calendar/member/%00' }))
  })

  it('a subscription posted over HTTP', async () => {
    const res = await post({ query: 'subscription { announcements { id } }' })
    expectRefused(res)
    expect(JSON.parse(res.body).errors[0].message).toMatch(/WebSocket/)
  })

  it('10,000 nested braces', async () => {
    const deep = '{ a '.repeat(10_000) + '}'.repeat(10_000)
    expectRefused(await post({ query: deep }))
    const ordinary = '{ currentUser { id } } # {{{{ "[[[" '
    expect((await post({ query: ordinary })).statusCode).toBe(200)
    const deepList = '['.repeat(5_000) + ']'.repeat(5_000)
    expectRefused(await post({ query: `{ event(slug: ${deepList}) { id } }` }))
  })

  it('keeps serving afterwards', async () => {
    expect((await gql(t.app, '{ currentUser { id } }')).status).toBe(200)
  })
})

describe('finding 6: aliased root fields', () => {
  it(`refuses more than ${MAX_ROOT_FIELDS} root fields in a query`, async () => {
    const many = Array.from({ length: 1000 }, (_, i) => `a${i}: currentUser { id }`).join(' ')
    const res = await post({ query: `{ ${many} }` })
    expectRefused(res)
    // Refused before parsing by the alias limit (issue 26); the root-field rule stays behind it.
    expect(JSON.parse(res.body).errors[0].message).toMatch(/too many aliases|Too many root fields/)
    const fine = Array.from({ length: MAX_ROOT_FIELDS }, (_, i) => `a${i}: currentUser { id }`).join(' ')
    expect((await post({ query: `{ ${fine} }` })).statusCode).toBe(200)
  })

  it(`refuses more than ${MAX_ROOT_MUTATIONS} mutations in one request, writing nothing`, async () => {
    const many = Array.from({ length: 1000 }, (_, i) => `m${i}: renewCalendarFeed`).join(' ')
    const res = await post({ query: `mutation { ${many} }` }, { authorization: `Bearer ${member.token}` })
    expectRefused(res)
    expect(JSON.parse(res.body).errors[0].message).toMatch(/too many aliases|Too many mutations/)
  })

  it('counts root fields reached through fragments', async () => {
    const spread = Array.from({ length: 30 }, (_, i) => `a${i}: currentUser { id }`).join(' ')
    const res = await post({ query: `{ ...R } fragment R on Query { ${spread} }` })
    expectRefused(res)
  })
})
