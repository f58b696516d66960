import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemContext, withTx } from '#server/context.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { forgetSocietySettings, societySettingsOf } from './settings.queries.ts'

// Issue 32's bench: a transaction waited for the settings read another request had started through
// the pool, which needed a connection the waiting transactions held: every hold stuck for good. On
// the embedded database (one connection) the same wait can never end; this test hangs without the fix.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false })
})
afterAll(async () => t?.close())

describe('the society settings read in a transaction', () => {
  it('does not wait for a read through the pool that the transaction itself holds up', async () => {
    const { services } = t.app
    forgetSocietySettings(services)
    let outside: Promise<unknown> | undefined
    const inside = await withTx(systemContext(services), async (tx) => {
      // Started outside the transaction: on the embedded database it runs once the transaction ends.
      outside = societySettingsOf(services)
      return societySettingsOf(services, tx)
    })
    expect(inside.name).toBeTruthy()
    await expect(outside).resolves.toEqual(inside)
  })
})
