import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { jobs, outbox } from '#server/db/schema/index.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { createUser } from '#server/testing/factories.ts'
import { eventually, freePort, startSmtp, type TestSmtp } from '#server/testing/smtp.ts'

let t: TestApp | undefined
let smtp: TestSmtp | undefined
afterEach(async () => {
  await t?.close()
  await smtp?.close()
  t = smtp = undefined
})

const fastJobs = { jobs: { pollMs: 20, baseBackoffMs: 50, maxBackoffMs: 200 } }

describe('mail through the outbox', () => {
  it('delivers a queued message to the SMTP server and marks it sent', async () => {
    smtp = await startSmtp()
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Stagedoor <hello@stagedoor.test>' }, fastJobs)
    const row = await t.app.services.mailer.queue({
      to: 'member@stagedoor.test',
      subject: 'Your offer',
      text: 'You have a place in the choir.',
      html: '<p>You have a place in the <b>choir</b>.</p>',
    })
    const [mail] = await smtp.waitFor(1)
    expect(mail!.subject).toBe('Your offer')
    expect(mail!.text?.trim()).toBe('You have a place in the choir.')
    expect(mail!.html).toContain('<b>choir</b>')
    expect(mail!.from?.address).toBe('hello@stagedoor.test')
    expect(mail!.envelopeTo).toEqual(['member@stagedoor.test'])
    expect(mail!.header('x-stagedoor-outbox-id')).toBe(String(row.id))
    const sent = await eventually(async () => {
      const [r] = await t!.app.services.db.select().from(outbox).where(eq(outbox.id, row.id))
      return r?.status === 'sent' ? r : undefined
    })
    expect(sent.sentAt).toBeInstanceOf(Date)
  })

  it('keeps mail queued while SMTP is down and delivers it when the server comes back', async () => {
    const port = await freePort()
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, fastJobs)
    const row = await t.app.services.mailer.queue({
      to: 'a@stagedoor.test',
      subject: 'Later',
      text: 'Still here.',
    })
    // At least one failed attempt while nothing listens.
    const failed = await eventually(async () => {
      const [r] = await t!.app.services.db.select().from(outbox).where(eq(outbox.id, row.id))
      return r && r.attempts >= 1 ? r : undefined
    })
    expect(failed.status).toBe('queued')
    expect(failed.lastError).toBeTruthy()
    smtp = await startSmtp(port)
    const [mail] = await smtp.waitFor(1)
    expect(mail!.subject).toBe('Later')
    const sent = await eventually(async () => {
      const [r] = await t!.app.services.db.select().from(outbox).where(eq(outbox.id, row.id))
      return r?.status === 'sent' ? r : undefined
    })
    expect(sent.attempts).toBeGreaterThanOrEqual(2)
  })

  it('without SMTP_URL outside production delivers to the local inbox, readable by a superAdmin only', async () => {
    t = await createTestApp({}, fastJobs)
    const row = await t.app.services.mailer.queue({
      to: 'b@stagedoor.test',
      subject: 'Kept',
      text: 'Read me later.',
    })
    await eventually(async () => {
      const [j] = await t!.app.services.db
        .select()
        .from(jobs)
        .where(eq(jobs.singletonKey, `mail:${row.id}`))
      return j?.status === 'completed'
    })
    const [kept] = await t.app.services.db.select().from(outbox).where(eq(outbox.id, row.id))
    expect(kept).toMatchObject({ status: 'sent', messageId: `local-inbox-${row.id}` })
    const admin = await createUser(t.app, { roles: ['superAdmin'] })
    const member = await createUser(t.app)
    const q = '{ outbox(status: SENT) { id to subject status } }'
    const res = await gql<{ outbox: { id: string; subject: string; status: string }[] }>(t.app, q, {
      token: admin.token,
    })
    expect(res.body.data?.outbox).toContainEqual(
      expect.objectContaining({ id: String(row.id), subject: 'Kept', status: 'SENT' }),
    )
    expect((await gql(t.app, q, { token: member.token })).body.errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    )
  })

  it('writes nothing when the surrounding transaction fails', async () => {
    t = await createTestApp({}, { startJobs: false })
    const { db, mailer } = t.app.services
    await expect(
      db.transaction(async (tx) => {
        await mailer.queue({ to: 'c@stagedoor.test', subject: 'Never', text: 'x' }, tx)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await db.select().from(outbox).where(eq(outbox.subject, 'Never'))).toHaveLength(0)
    expect(await db.select().from(jobs)).toHaveLength(0)
  })
})
