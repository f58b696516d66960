import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applicationTypeSchema, type EventConfig } from '#core/events/event-config.schemas.ts'
import { auditLog, events } from '#server/db/schema/index.ts'
import { createUser, insertApplication, insertReleasableEvent } from '#server/testing/factories.ts'
import { startSmtp, type TestSmtp } from '#server/testing/smtp.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

let t: TestApp
let smtp: TestSmtp
beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Old Name <no-reply@society.test>' },
    { jobs: { pollMs: 20 } },
  )
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const UPDATE = `mutation ($input: SocietySettingsInput!) {
  updateSocietySettings(input: $input) { name shortName accentColour timeZone sortCode referenceFormat }
}`
const settings = {
  name: 'Camford Musical Theatre Society',
  shortName: 'CMTS',
  logoUrl: '',
  accentColour: '#1D4ED8',
  supportEmail: 'committee@cmts.test',
  timeZone: 'Europe/London',
  bank: {
    accountName: 'CMTS',
    sortCode: '12-34-56',
    accountNumber: '12345678',
    referenceFormat: 'cmts-{ref}',
  },
}

describe('society settings', () => {
  it('default to the environment before anyone saves them', async () => {
    const res = await gql<{ society: { name: string; shortName: string } }>(
      t.app,
      '{ society { name shortName accentColour logoUrl supportEmail } }',
    )
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data!.society).toMatchObject({ name: 'Old Name', shortName: 'Old Name', logoUrl: null })
  })

  it('are saved by a superAdmin only, audited, and wrong fields come back by path', async () => {
    const admin = await createUser(t.app, { roles: ['superAdmin'] })
    const board = await createUser(t.app, { roles: ['boardMember'] })
    const member = await createUser(t.app)

    for (const who of [board, member]) {
      const refused = await gql(t.app, UPDATE, { token: who.token, variables: { input: settings } })
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
      const read = await gql(t.app, '{ societySettings { sortCode } }', { token: who.token })
      expect(read.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    }
    const anonymous = await gql(t.app, UPDATE, { variables: { input: settings } })
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED')

    const bad = await gql(t.app, UPDATE, {
      token: admin.token,
      variables: {
        input: {
          ...settings,
          accentColour: '#ffee00',
          timeZone: 'Mars/Olympus',
          bank: { ...settings.bank, sortCode: '123456' },
        },
      },
    })
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    const fields = (
      (bad.body.errors?.[0]?.extensions as { fields?: { path: string }[] } | undefined)?.fields ?? []
    ).map((f) => f.path)
    expect(fields.sort()).toEqual(['accentColour', 'bank.sortCode', 'timeZone'])

    const ok = await gql<{ updateSocietySettings: Record<string, string> }>(t.app, UPDATE, {
      token: admin.token,
      variables: { input: settings },
    })
    expect(ok.body.errors).toBeUndefined()
    expect(ok.body.data!.updateSocietySettings).toEqual({
      name: 'Camford Musical Theatre Society',
      shortName: 'CMTS',
      accentColour: '#1d4ed8',
      timeZone: 'Europe/London',
      sortCode: '12-34-56',
      referenceFormat: 'CMTS-{ref}',
    })
    const [entry] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'society.settings.update'))
    expect(entry).toMatchObject({ actorId: admin.id, before: expect.objectContaining({ name: 'Old Name' }) })

    // Everyone reads the public part at once (this process forgets what it kept).
    const pub = await gql<{ society: { name: string } }>(t.app, '{ society { name } }')
    expect(pub.body.data!.society.name).toBe('Camford Musical Theatre Society')
  })

  it('name the public page, its manifest and the emails', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({
      name: 'Camford Musical Theatre Society',
      short_name: 'CMTS',
      theme_color: '#1d4ed8',
    })

    const before = smtp.received.length
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'new-singer@society.test', password: 'a-long-test-password-42', name: 'New Singer' },
    })
    expect(signUp.statusCode).toBeLessThan(300)
    const [mail] = (await smtp.waitFor(before + 1)).slice(before)
    expect(mail!.subject).toBe('Confirm your email for Camford Musical Theatre Society')
    expect(mail!.text).toContain('— Camford Musical Theatre Society')
    expect(mail!.from).toMatchObject({
      name: 'Camford Musical Theatre Society',
      address: 'no-reply@society.test',
    })
  })

  it('give the bank details and reference format to payment instructions, over an old event’s', async () => {
    const event = await insertReleasableEvent(t.app)
    await t.app.services.db
      .update(events)
      .set({
        eventConfig: {
          ...(event.eventConfig as EventConfig),
          applicationTypes: {
            singer: applicationTypeSchema.parse({ label: 'Singer', open: true, questions: [] }),
          },
          paymentLines: { singer: [{ key: 'fee', label: 'Fee', amountPence: 1500 }] },
          howToPay: {
            method: 'BANK_TRANSFER',
            accountName: 'Old',
            sortCode: '99-99-99',
            accountNumber: '99999999',
            note: 'By Friday.',
          },
        },
      })
      .where(eq(events.id, event.id))
    const member = await createUser(t.app)
    const application = await insertApplication(t.app, {
      eventId: event.id,
      userId: member.id,
      status: 'CONFIRMED',
    })
    const res = await gql<{ myApplications: { paymentInstructions: Record<string, string> }[] }>(
      t.app,
      '{ myApplications(limit: 5) { paymentInstructions { method reference accountName sortCode accountNumber note } } }',
      { token: member.token },
    )
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data!.myApplications[0]!.paymentInstructions).toEqual({
      method: 'BANK_TRANSFER',
      reference: `CMTS-${application.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      accountName: 'CMTS',
      sortCode: '12-34-56',
      accountNumber: '12345678',
      note: 'By Friday.',
    })
  })
})
