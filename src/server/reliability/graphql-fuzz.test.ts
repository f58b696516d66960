import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSchema } from 'graphql'
import { readFileSync } from 'node:fs'
import { createUser } from '#server/testing/factories.ts'
import { fuzzCase, seededRandom } from '#server/testing/graphql-fuzz.ts'
import { rootFields } from '#server/testing/graphql-probe.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'

// GraphQL fuzz (issue 17): documents and variables generated from schema.graphql's grammar, as
// anonymous, a member and a superAdmin. Reproduce a failure with FUZZ_SEED=<the logged seed>.

const CASES = Number(process.env.FUZZ_CASES ?? 2000)
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
/** What no answer may contain: stack frames, engine and runtime messages. */
const LEAKS =
  /\bat [\w.<>]+ \(|\.(ts|js|mjs):\d+|Maximum call stack|TypeError|ReferenceError|Cannot read propert|undefined is not|violates|duplicate key|syntax error at or near|relation "|PGlite|drizzle|node_modules/i

let t: TestApp
const tokens: (string | undefined)[] = [undefined]

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  tokens.push((await createUser(t.app)).token)
  tokens.push((await createUser(t.app, { roles: ['superAdmin'] })).token)
})
afterAll(() => t.close())

describe('GraphQL fuzz', () => {
  it(`${CASES} generated requests: no 5xx, no internal detail, each within 1 s`, async () => {
    console.log(`GraphQL fuzz seed ${SEED} (rerun with FUZZ_SEED=${SEED})`)
    const schema = buildSchema(readFileSync('schema.graphql', 'utf8'))
    const roots = rootFields(schema)
    const r = seededRandom(SEED)
    const bad: string[] = []
    let slowest = 0
    const statuses = new Map<number, number>()
    for (let i = 0; i < CASES && bad.length < 10; i++) {
      const body = fuzzCase(r, schema, roots)
      const token = r.pick(tokens)
      // Every fourth document goes twice: the server JIT-compiles a query on its second sighting,
      // and the compiled path coerces variables its own way (a DateTime error was INTERNAL there).
      for (const sighting of i % 4 === 0 ? [1, 2] : [1]) {
        const started = performance.now()
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/graphql',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          payload: JSON.stringify(body),
        })
        const ms = performance.now() - started
        slowest = Math.max(slowest, ms)
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
        const problem =
          res.statusCode >= 500
            ? `status ${res.statusCode}`
            : /"INTERNAL"/.test(res.body)
              ? 'INTERNAL error'
              : LEAKS.test(res.body)
                ? `leak ${LEAKS.exec(res.body)?.[0]}`
                : ms >= 1000
                  ? `took ${Math.round(ms)} ms`
                  : null
        if (problem)
          bad.push(
            `#${i} (sighting ${sighting}) ${problem}: ${JSON.stringify(body).slice(0, 300)} → ${res.body.slice(0, 300)}`,
          )
      }
    }
    console.log(`GraphQL fuzz: slowest ${Math.round(slowest)} ms; statuses ${JSON.stringify([...statuses])}`)
    expect(bad, `seed ${SEED}`).toEqual([])
  }, 240_000)
})
