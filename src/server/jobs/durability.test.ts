import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '#server/testing/test-db.ts'
import { spawnTs, startServerProcess, waitForOutput } from '#server/testing/processes.ts'
import { startSmtp, type TestSmtp } from '#server/testing/smtp.ts'

// Embedded PGlite in a temp DATA_DIR by default; this file's own PostgreSQL database when
// DATABASE_URL is set (the CI's second run).
let dataDir: string
let pgDb: TestDb | undefined
let smtp: TestSmtp

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-durability-'))
  if (process.env.DATABASE_URL) pgDb = await createTestDb()
  smtp = await startSmtp()
})
afterAll(async () => {
  await smtp.close()
  await pgDb?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('durable jobs', () => {
  it('a job enqueued before SIGKILL runs after restart', { timeout: 90_000 }, async () => {
    const env = { DATA_DIR: dataDir, ...(pgDb?.url ? { DATABASE_URL: pgDb.url } : {}) }
    const fixture = spawnTs('src/server/testing/fixtures/enqueue-mail-and-hang.ts', {
      ...env,
      FIXTURE_SUBJECT: 'Rehearsal moved to Thursday',
    })
    await waitForOutput(fixture.output, /ENQUEUED \d+/)
    fixture.child.kill('SIGKILL')
    await new Promise((resolve) => fixture.child.once('exit', resolve))
    expect(smtp.received).toHaveLength(0)

    const server = await startServerProcess({ ...env, SMTP_URL: smtp.url, JOBS_POLL_MS: '100' })
    try {
      const [mail] = await smtp.waitFor(1, 30_000)
      expect(mail!.subject).toBe('Rehearsal moved to Thursday')
      expect(mail!.envelopeTo).toEqual(['member@stagedoor.test'])
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })
})
