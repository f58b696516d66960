import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applicationDrafts, events, jobs } from '#server/db/schema/index.ts'
import { createUser, insertReleasableEvent } from '#server/testing/factories.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { UPLOAD_SWEEP_JOB, queueUploadSweep, sweepUploads } from './upload-sweep.ts'

let t: TestApp
let root: string
beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  root = path.join(t.dataDir, 'uploads')
})
afterAll(() => t.close())

const HOUR = 3_600_000
const put = (key: string) =>
  t.app.services.storage.put(key, Buffer.from(`bytes of ${key}`), { contentType: 'image/png' })
/** Make a stored file (or any path under the uploads root) look `ms` old. */
const age = (relative: string, ms: number) => {
  const when = new Date(Date.now() - ms)
  utimesSync(path.join(root, relative), when, when)
}
const exists = (relative: string) => existsSync(path.join(root, relative))

describe('the upload sweep', () => {
  it('removes uploads older than a day that nothing refers to, and stale half-written files', async () => {
    const keys = {
      oldLoose: 'uploads/image/11111111-loose.png',
      oldEventImage: 'uploads/image/22222222-poster.png',
      oldInDraft: 'uploads/document/33333333-cv.pdf',
      freshLoose: 'uploads/image/44444444-just-now.png',
      notAnUpload: 'samples/keep-me.png',
    }
    for (const key of Object.values(keys)) await put(key)
    for (const key of [keys.oldLoose, keys.oldEventImage, keys.oldInDraft, keys.notAnUpload])
      age(key, 25 * HOUR)
    age(keys.freshLoose, 23 * HOUR)

    const event = await insertReleasableEvent(t.app)
    await t.app.services.db
      .update(events)
      .set({ imageKey: keys.oldEventImage })
      .where(eq(events.id, event.id))
    const member = await createUser(t.app)
    await t.app.services.db.insert(applicationDrafts).values({
      userId: member.id,
      eventId: event.id,
      applicationType: 'chorus',
      data: { answers: { cv: { key: keys.oldInDraft, name: 'cv.pdf' } } },
    })

    mkdirSync(path.join(root, '.tmp'), { recursive: true })
    writeFileSync(path.join(root, '.tmp', 'crashed-upload'), 'half')
    age('.tmp/crashed-upload', 2 * HOUR)
    writeFileSync(path.join(root, '.tmp', 'uploading-now'), 'half')

    expect(await sweepUploads(t.app.services)).toEqual({ unattached: 1, temporary: 1 })
    expect(exists(keys.oldLoose)).toBe(false)
    expect(exists(path.join('.meta', `${keys.oldLoose}.json`))).toBe(false)
    expect(exists(keys.oldEventImage)).toBe(true)
    expect(exists(keys.oldInDraft)).toBe(true)
    expect(exists(keys.freshLoose)).toBe(true)
    expect(exists(keys.notAnUpload)).toBe(true)
    expect(exists('.tmp/crashed-upload')).toBe(false)
    expect(exists('.tmp/uploading-now')).toBe(true)

    // A second run finds nothing more to do.
    expect(await sweepUploads(t.app.services)).toEqual({ unattached: 0, temporary: 0 })
  })

  it('is a durable daily job: queued once however often it is asked, and it queues the next', async () => {
    const { db, queue } = t.app.services
    await queueUploadSweep(t.app.services)
    await queueUploadSweep(t.app.services)
    const pending = await db.select().from(jobs).where(eq(jobs.name, UPLOAD_SWEEP_JOB))
    expect(pending).toHaveLength(1)
    const first = pending[0]!
    expect(first.runAt.getTime()).toBeGreaterThan(Date.now())
    expect(first.runAt.getUTCHours()).toBe(3)

    // Make it yesterday's sweep, due now, and run it as the worker would.
    await put('uploads/audio/55555555-old.mp3')
    age('uploads/audio/55555555-old.mp3', 48 * HOUR)
    const yesterday = new Date(first.runAt.getTime() - 24 * HOUR)
    await db
      .update(jobs)
      .set({ runAt: yesterday, singletonKey: `${UPLOAD_SWEEP_JOB}:${yesterday.toISOString()}` })
      .where(eq(jobs.id, first.id))
    expect(await queue.runDue()).toBeGreaterThanOrEqual(1)
    expect(exists('uploads/audio/55555555-old.mp3')).toBe(false)

    const after = await db.select().from(jobs).where(eq(jobs.name, UPLOAD_SWEEP_JOB))
    expect(after.find((job) => job.id === first.id)?.status).toBe('completed')
    const next = after.filter((job) => job.status === 'pending')
    expect(next).toHaveLength(1)
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now())
  })
})
