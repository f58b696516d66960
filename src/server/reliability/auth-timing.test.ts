import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EQUAL_TIME_MS } from '#server/auth/equal-time.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'

// Issue 17, finding 9: magic-link and reset answers were measurably slower for existing accounts.
// Both paths are now held to the same fixed answer time; this checks the hold is applied to both
// and that the answers are identical (the bench measures the remaining difference).

let t: TestApp
let member: TestUser
let ip = 1

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  member = await createUser(t.app)
})
afterAll(() => t.close())

const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.19.0.${ip++}`,
    headers: { 'content-type': 'application/json', origin: t.config.appUrl },
    payload,
  })

describe('answers that must not reveal an account', () => {
  for (const [url, extra] of [
    ['/api/auth/sign-in/magic-link', { callbackURL: '/' }],
    ['/api/auth/request-password-reset', { redirectTo: '/reset-password' }],
  ] as const) {
    it(`${url}: the same answer, held to the same time, for existing and unknown accounts`, async () => {
      const floor = EQUAL_TIME_MS[url]!
      expect(floor).toBeGreaterThan(0)
      const answers = []
      for (const email of [member.email, `nobody-${ip}@stagedoor.test`]) {
        const started = performance.now()
        const res = await post(url, { email, ...extra })
        answers.push({
          status: res.statusCode,
          body: res.body,
          held: performance.now() - started >= floor - 5,
        })
      }
      expect(answers[0]).toEqual(answers[1])
      expect(answers[0]).toMatchObject({ status: 200, held: true })
    })
  }
})
