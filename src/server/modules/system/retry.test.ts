import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { auditLog, jobs, outbox } from '#server/db/schema/index.ts'
import { ANY_PAYLOAD } from '#server/jobs/queue.ts'
import { createUser } from '#server/testing/factories.ts'
import { eventually, startSmtp, type TestSmtp } from '#server/testing/smtp.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

let t: TestApp | undefined
let smtp: TestSmtp | undefined
afterEach(async () => {
  await t?.close()
  await smtp?.close()
  t = smtp = undefined
})

const fastJobs = { jobs: { pollMs: 20, baseBackoffMs: 50, maxBackoffMs: 200 } }
const RETRY_MAIL = 'mutation R($id: ID!) { retryOutboxMessage(id: $id) { id status } }'
const RETRY_JOB = 'mutation R($id: ID!) { retryJob(id: $id) { id status attempts } }'

describe('operator retries', () => {
  it('a failed mail retried by a superAdmin is really sent, and the retry is audited', async () => {
    smtp = await startSmtp()
    t = await createTestApp({ SMTP_URL: smtp.url }, fastJobs)
    const admin = await createUser(t.app, { roles: ['superAdmin'] })
    const board = await createUser(t.app, { roles: ['boardMember'] })
    const { db } = t.app.services
    // A message that failed for good earlier (its job gave up), as the outbox page lists it.
    const [row] = await db
      .insert(outbox)
      .values({
        to: 'late@stagedoor.test',
        subject: 'Try again',
        text: 'Hello.',
        status: 'failed',
        attempts: 25,
      })
      .returning()
    const id = String(row!.id)

    const refused = await gql(t.app, RETRY_MAIL, { token: board.token, variables: { id } })
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    expect(smtp.received).toHaveLength(0)

    const res = await gql(t.app, RETRY_MAIL, { token: admin.token, variables: { id } })
    expect(res.body.errors).toBeUndefined()
    const [mail] = await smtp.waitFor(1)
    expect(mail!.subject).toBe('Try again')
    expect(mail!.envelopeTo).toEqual(['late@stagedoor.test'])
    await eventually(async () => {
      const [r] = await db.select().from(outbox).where(eq(outbox.id, row!.id))
      return r?.status === 'sent'
    })
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'outbox.retry'))
    expect(entry).toMatchObject({
      actorId: admin.id,
      entityId: id,
      before: expect.objectContaining({ status: 'failed' }),
    })

    // A sent message cannot be retried (it would arrive twice); an unknown id is NOT_FOUND.
    const again = await gql(t.app, RETRY_MAIL, { token: admin.token, variables: { id } })
    expect(again.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    const unknown = await gql(t.app, RETRY_MAIL, { token: admin.token, variables: { id: '99999999' } })
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    const junk = await gql(t.app, RETRY_MAIL, { token: admin.token, variables: { id: 'abc' } })
    expect(junk.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    expect(smtp.received).toHaveLength(1)
  })

  it('a failed job retried by a superAdmin runs again; others are refused', async () => {
    t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false })
    const admin = await createUser(t.app, { roles: ['superAdmin'] })
    const member = await createUser(t.app)
    const { db, queue } = t.app.services
    let runs = 0
    queue.register('test.flaky', ANY_PAYLOAD, async () => {
      runs++
      if (runs === 1) throw new Error('boom')
    })
    const job = await queue.enqueue('test.flaky', {}, { maxAttempts: 1 })
    await queue.runDue()
    const [failed] = await db.select().from(jobs).where(eq(jobs.id, job!.id))
    expect(failed).toMatchObject({ status: 'failed', lastError: 'boom' })

    const refused = await gql(t.app, RETRY_JOB, { token: member.token, variables: { id: String(job!.id) } })
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    const res = await gql(t.app, RETRY_JOB, { token: admin.token, variables: { id: String(job!.id) } })
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data).toEqual({ retryJob: { id: String(job!.id), status: 'PENDING', attempts: 0 } })
    await queue.runDue()
    const [done] = await db.select().from(jobs).where(eq(jobs.id, job!.id))
    expect(done?.status).toBe('completed')
    expect(runs).toBe(2)
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.entityId, String(job!.id))))
    expect(audit).toHaveLength(1)
    const twice = await gql(t.app, RETRY_JOB, { token: admin.token, variables: { id: String(job!.id) } })
    expect(twice.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
  })
})
