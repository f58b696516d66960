import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { jobs } from '#server/db/schema/index.ts'
import { createTestDb, type TestDb } from '#server/testing/test-db.ts'
import { z } from 'zod'
import { ANY_PAYLOAD, backoffMs, JobQueue } from './queue.ts'
import { RACE_NOTE } from '#server/testing/race.ts'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
})
afterAll(() => t.drop())
beforeEach(async () => {
  await t.handle.db.delete(jobs)
})

const row = async (id: number) => (await t.handle.db.select().from(jobs).where(eq(jobs.id, id)))[0]!

describe('backoffMs', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 100, 1000))).toEqual([100, 200, 400, 800])
    expect(backoffMs(5, 100, 1000)).toBe(1000)
    expect(backoffMs(30, 100, 1000)).toBe(1000)
  })
})

describe('JobQueue', () => {
  it('runs a due job once with its payload and marks it completed', async () => {
    const queue = new JobQueue(t.handle.db)
    const seen: unknown[] = []
    queue.register('double', z.object({ n: z.number() }), async (payload) => {
      seen.push(payload.n * 2)
    })
    const job = await queue.enqueue('double', { n: 21 })
    expect(await queue.runDue()).toBe(1)
    expect(await queue.runDue()).toBe(0)
    expect(seen).toEqual([42])
    const done = await row(job!.id)
    expect(done.status).toBe('completed')
    expect(done.completedAt).toBeInstanceOf(Date)
  })

  it('fails the attempt of a job whose stored payload does not fit, and hands the hook none', async () => {
    const queue = new JobQueue(t.handle.db)
    const seen: number[] = []
    const hooked: unknown[] = []
    queue.register('double', z.object({ n: z.number() }), async ({ n }) => void seen.push(n), {
      maxAttempts: 1,
      onFinalFailure: async (payload) => void hooked.push(payload),
    })
    const job = await queue.enqueue('double', { n: 'twenty-one' })
    expect(await queue.runDue()).toBe(1)
    const failed = await row(job!.id)
    expect(failed.status).toBe('failed')
    expect(failed.lastError).toContain('"expected": "number"')
    expect(seen).toEqual([])
    expect(hooked).toEqual([])
  })

  it('does not run a job before its runAt', async () => {
    const queue = new JobQueue(t.handle.db)
    let ran = false
    queue.register('later', ANY_PAYLOAD, async () => {
      ran = true
    })
    await queue.enqueue('later', {}, { runAt: new Date(Date.now() + 60_000) })
    expect(await queue.runDue()).toBe(0)
    expect(ran).toBe(false)
  })

  it('retries a failing job with backoff, keeps the error visible, then fails it for good', async () => {
    const queue = new JobQueue(t.handle.db, { baseBackoffMs: 1, maxBackoffMs: 1 })
    const failures: unknown[] = []
    let calls = 0
    queue.register(
      'flaky',
      ANY_PAYLOAD,
      async () => {
        calls++
        throw new Error(`boom ${calls}`)
      },
      { maxAttempts: 3, onFinalFailure: async (_p, error) => void failures.push((error as Error).message) },
    )
    const job = await queue.enqueue('flaky')
    await queue.runDue()
    let current = await row(job!.id)
    expect(current.status).toBe('pending')
    expect(current.attempts).toBe(1)
    expect(current.lastError).toBe('boom 1')
    expect(current.runAt.getTime()).toBeGreaterThan(current.createdAt.getTime())
    for (const attempt of [2, 3]) {
      expect(current.status).toBe('pending')
      // The backoff passes: the row is made due rather than waited for.
      await t.handle.db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, job!.id))
      expect(await queue.runDue()).toBe(1)
      current = await row(job!.id)
      expect(current.attempts).toBe(attempt)
    }
    expect(current.status).toBe('failed')
    expect(current.attempts).toBe(3)
    expect(calls).toBe(3)
    expect(failures).toEqual(['boom 3'])
  })

  it('keeps one pending job per singleton key', async () => {
    const queue = new JobQueue(t.handle.db)
    queue.register('reveal', ANY_PAYLOAD, async () => {})
    const first = await queue.enqueue('reveal', { event: 1 }, { singletonKey: 'reveal:1' })
    const second = await queue.enqueue('reveal', { event: 1 }, { singletonKey: 'reveal:1' })
    expect(first).toBeDefined()
    expect(second).toBeUndefined()
    await queue.runDue()
    // Once the first has completed, the key is free again.
    expect(await queue.enqueue('reveal', { event: 1 }, { singletonKey: 'reveal:1' })).toBeDefined()
  })

  it('runs again a job whose worker died mid-run once its lease expires', async () => {
    const queue = new JobQueue(t.handle.db)
    let runs = 0
    queue.register('work', ANY_PAYLOAD, async () => {
      runs++
    })
    const job = await queue.enqueue('work')
    // As a crashed worker leaves it: running, attempt counted, lease in the past.
    await t.handle.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'dead-worker',
        lockedUntil: new Date(Date.now() - 1000),
      })
      .where(eq(jobs.id, job!.id))
    expect(await queue.runDue()).toBe(1)
    expect(runs).toBe(1)
    expect((await row(job!.id)).status).toBe('completed')
  })

  it('leaves a running job alone while its lease holds', async () => {
    const queue = new JobQueue(t.handle.db)
    queue.register('work', ANY_PAYLOAD, async () => {})
    const job = await queue.enqueue('work')
    await t.handle.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'live-worker',
        lockedUntil: new Date(Date.now() + 60_000),
      })
      .where(eq(jobs.id, job!.id))
    expect(await queue.runDue()).toBe(0)
  })

  it(`two workers on one database run each job exactly once (${RACE_NOTE})`, async () => {
    const counts = new Map<number, number>()
    const make = () => {
      const q = new JobQueue(t.handle.db, { concurrency: 3 })
      q.register('count', z.object({ i: z.number() }), async ({ i }) => {
        counts.set(i, (counts.get(i) ?? 0) + 1)
        await new Promise((r) => setTimeout(r, 2))
      })
      return q
    }
    const a = make()
    const b = make()
    for (let i = 0; i < 20; i++) await a.enqueue('count', { i })
    while ((await Promise.all([a.runDue(), b.runDue()])).some((n) => n > 0)) {
      // keep draining
    }
    expect(counts.size).toBe(20)
    expect([...counts.values()].every((c) => c === 1)).toBe(true)
  })

  it('the poll loop picks up work enqueued while running and stops cleanly', async () => {
    const queue = new JobQueue(t.handle.db, { pollMs: 20 })
    const done = new Promise<string>((resolve) => {
      queue.register('echo', z.object({ v: z.string() }), async ({ v }) => resolve(v))
    })
    queue.start()
    await queue.enqueue('echo', { v: 'hello' })
    expect(await done).toBe('hello')
    await queue.stop()
  })
})
