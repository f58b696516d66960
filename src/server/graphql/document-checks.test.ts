import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { collect, connected, watchSubscriptions, wsClient } from '#server/testing/ws-client.ts'
import { checkDocument, DOCUMENT_LIMITS } from './document-checks.ts'

// Issue 26, findings 1, 2 and 4: a document is checked before it is parsed, on every transport.

const refusal = (text: string): string | null => {
  try {
    checkDocument(text)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

describe('checkDocument', () => {
  it('passes an ordinary document, brackets in strings and comments included', () => {
    expect(refusal('query Q($s: String = "{{{{") { event(slug: $s) { id title } } # ((((')).toBeNull()
  })

  it.each([
    ['too long', `#${'x'.repeat(40 * 1024)}\n{ a }`, /too long/],
    ['too many tokens', `{ ${'a '.repeat(3000)} }`, /too many tokens/],
    ['3,000 nested braces', '{ a '.repeat(3000) + '}'.repeat(3000), /nests deeper than 64/],
    ['a deep list value', `{ a(b: ${'['.repeat(100)}${']'.repeat(100)}) }`, /nests deeper/],
    ['11 operations', Array.from({ length: 11 }, (_, i) => `query Q${i} { a }`).join(' '), /operations/],
    ['11 anonymous', '{ a } '.repeat(11), /operations/],
    [
      '51 fragments',
      '{ a } ' + Array.from({ length: 51 }, (_, i) => `fragment F${i} on Query { a }`).join(' '),
      /fragments/,
    ],
    ['31 aliases', `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: __typename`).join(' ')} }`, /aliases/],
  ])('refuses %s', (_name, text, message) => {
    expect(refusal(text)).toMatch(message)
  })

  it('counts as aliases only names before a colon in a selection set', () => {
    const args = Array.from({ length: 40 }, (_, i) => `x${i}: 1`).join(', ')
    expect(refusal(`query Q($v: In = { ${args} }) { a(${args}) { b(o: { ${args} }) } }`)).toBeNull()
    expect(refusal(`{ ${Array.from({ length: 30 }, (_, i) => `a${i}: b`).join(' ')} }`)).toBeNull()
  })

  it('passes every document the client sends, with room to spare', () => {
    // The codegen'd map (src/client/gql/gql.ts) holds each document's text as a JSON string key.
    const source = readFileSync(new URL('../../client/gql/gql.ts', import.meta.url), 'utf8')
    const documents = [...source.matchAll(/^ {4}("(?:[^"\\]|\\.)*"): typeof types\./gm)].map(
      (m) => JSON.parse(m[1] ?? '""') as string,
    )
    expect(documents.length).toBeGreaterThan(50)
    const half = Object.fromEntries(
      Object.entries(DOCUMENT_LIMITS).map(([k, v]) => [k, Math.floor(v / 2)]),
    ) as typeof DOCUMENT_LIMITS
    for (const doc of documents) {
      expect(() => checkDocument(doc, half), doc.slice(0, 80)).not.toThrow()
    }
  })
})

describe('every HTTP transport refuses before parsing', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({}, { startJobs: false })
  })
  afterAll(() => t.close())

  const deep = '{ a '.repeat(3000) + '}'.repeat(3000)
  const expectRefused = (res: { statusCode: number; body: string }, message: RegExp) => {
    expect(res.statusCode).toBe(400)
    const body = JSON.parse(res.body) as { errors: { message: string; extensions: { code: string } }[] }
    expect(body.errors[0]?.extensions.code).toBe('BAD_REQUEST')
    expect(body.errors[0]?.message).toMatch(message)
  }

  it('application/json', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/graphql', payload: { query: deep } })
    expectRefused(res, /nests deeper/)
  })

  it('application/graphql', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/graphql' },
      payload: deep,
    })
    expectRefused(res, /nests deeper/)
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/graphql' },
      payload: '{ __typename }',
    })
    expect(ok.statusCode).toBe(200)
  })

  it('GET', async () => {
    const many = Array.from({ length: 11 }, (_, i) => `query Q${i} { __typename }`).join(' ')
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/graphql?query=${encodeURIComponent(many)}&operationName=Q0`,
    })
    expectRefused(res, /too many operations/)
  })
})

describe('the WebSocket path refuses before parsing', () => {
  let t: TestApp
  let url: string
  beforeAll(async () => {
    t = await createTestApp({}, { startJobs: false })
    url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => t.close())

  it('answers an over-deep and an oversized document with an error message, then keeps serving', async () => {
    const client = wsClient(url)
    try {
      await connected(client)
      for (const [query, message] of [
        [
          'subscription { announcements { id ' + '{ a '.repeat(3000) + '}'.repeat(3000) + ' } }',
          /nests deeper/,
        ],
        ['subscription { announcements { id } } #' + 'x'.repeat(40 * 1024), /too long/],
      ] as const) {
        const sub = collect(client, query)
        await expect(sub.next(1, 5000)).rejects.toThrow(message)
      }
      // The socket still serves: a good subscription registers and hears the next announcement.
      const subscriptions = watchSubscriptions(t.app.services.bus)
      const ok = collect<{ announcements: { id: string } }>(client, 'subscription { announcements { id } }')
      await subscriptions.registered('ANNOUNCEMENTS')
      subscriptions.stop()
      await t.app.services.bus.publish('ANNOUNCEMENTS', {
        id: 'after-the-bad-ones',
        message: 'Still here',
        createdAt: new Date().toISOString(),
        authorName: 'Test',
      })
      expect(await ok.next(1)).toEqual([{ announcements: { id: 'after-the-bad-ones' } }])
      expect(ok.errors).toEqual([])
    } finally {
      await client.dispose()
    }
  })
})
