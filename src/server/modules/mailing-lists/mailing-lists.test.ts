import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  jobs,
  mailingListConfirmations,
  mailingListMessages,
  mailingLists,
  mailingListSubscribers,
  outbox,
} from '#server/db/schema/index.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

let t: TestApp
let admin: TestUser
let member: TestUser
// Ahead of the real clock only: altcha-lib checks a challenge's expiry against the real one.
let now = new Date()
let ipCounter = 0
const nextIp = () => `10.1.${String(Math.floor(++ipCounter / 250))}.${String(ipCounter % 250)}`

beforeAll(async () => {
  t = await createTestApp(
    { MAILING_POW_MAX_COUNTER: '20', MAILING_SEND_BATCH: '2', MAILING_SEND_INTERVAL_MS: '0' },
    {
      startJobs: false,
      clock: () => now,
    },
  )
  admin = await createUser(t.app, { roles: ['boardMember'], name: 'Ada Admin' })
  member = await createUser(t.app, { roles: [], name: 'Mo Member' })
  const db = t.app.services.db
  await db.insert(mailingLists).values([
    { slug: 'news', name: 'News', description: 'What is on', welcomeMessage: 'Welcome **aboard**.' },
    { slug: 'concerts', name: 'Concert-goers' },
    { slug: 'committee', name: 'Committee', isPublic: false },
    { slug: 'open', name: 'Open', doubleOptIn: false },
  ])
})
afterAll(() => t.close())

/** Run every pending job now: the queue compares run times with the database's clock, not the test's. */
async function runJobsNow(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await t.app.services.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.status, 'pending'))
    await t.app.services.queue.runDue()
  }
}

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms)
}

async function solved(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/mailing-lists/challenge' })
  expect(res.statusCode).toBe(200)
  const challenge = res.json<Challenge>()
  const solution = await solveChallenge({ challenge, deriveKey })
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

function post(body: Record<string, unknown>, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/mailing-lists/subscribe',
    payload: body,
    remoteAddress: ip,
  })
}

async function confirmationsTo(email: string) {
  return t.app.services.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, 'mailing-list.confirm')))
}

async function signup(email: string, lists = ['news']) {
  const altcha = await solved()
  advance(3000)
  return post({ email, name: 'Vi Visitor', lists, altcha })
}

describe('widget signups', () => {
  it('200 scripted signups without a solved challenge send no email', async () => {
    const before = await t.app.services.db
      .select()
      .from(outbox)
      .where(like(outbox.template, 'mailing-list.%'))
    const fake = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString(
      'base64',
    )
    for (let i = 0; i < 200; i++) {
      const altcha = i % 3 === 0 ? '' : i % 3 === 1 ? fake : 'not base64 json'
      const res = await post({ email: `bot${String(i)}@example.com`, lists: ['news'], altcha })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('VALIDATION')
    }
    const after = await t.app.services.db.select().from(outbox).where(like(outbox.template, 'mailing-list.%'))
    expect(after.length).toBe(before.length)
    const rows = await t.app.services.db
      .select()
      .from(mailingListSubscribers)
      .where(like(mailingListSubscribers.email, 'bot%'))
    expect(rows).toHaveLength(0)
  })

  it('20 signups for one address within a day send one confirmation, with the same answer each time', async () => {
    const answers = new Set<string>()
    for (let i = 0; i < 20; i++) {
      const res = await signup('repeat@example.com', i % 2 ? ['news'] : ['news', 'concerts'])
      expect(res.statusCode).toBe(202)
      answers.add(res.body)
      advance(60_000)
    }
    expect(answers.size).toBe(1)
    expect(await confirmationsTo('repeat@example.com')).toHaveLength(1)
    // A day later, one more may go.
    advance(24 * 3_600_000)
    await signup('repeat@example.com')
    expect(await confirmationsTo('repeat@example.com')).toHaveLength(2)
  })

  it('refuses a reused challenge, a form posted in under 2 s, and answers a filled honeypot like a success', async () => {
    const altcha = await solved()
    advance(3000)
    expect((await post({ email: 'once@example.com', lists: ['news'], altcha })).statusCode).toBe(202)
    const again = await post({ email: 'twice@example.com', lists: ['news'], altcha })
    expect(again.statusCode).toBe(400)
    expect(again.json().error.message).toMatch(/already used/)

    const quick = await solved()
    advance(500)
    const fast = await post({ email: 'fast@example.com', lists: ['news'], altcha: quick })
    expect(fast.statusCode).toBe(400)
    expect(fast.json().error.message).toMatch(/quicker than a person/)
    // The same check may be sent again once 2 s have passed.
    advance(2000)
    expect((await post({ email: 'patient@example.com', lists: ['news'], altcha: quick })).statusCode).toBe(
      202,
    )

    const honey = await solved()
    advance(3000)
    const trap = await post({
      email: 'honey@example.com',
      lists: ['news'],
      altcha: honey,
      website: 'http://spam',
    })
    expect(trap.statusCode).toBe(202)
    expect(await confirmationsTo('honey@example.com')).toHaveLength(0)
    expect(await confirmationsTo('fast@example.com')).toHaveLength(0)
  })

  it('refuses an invalid email, a private or unknown list, and the 11th signup from one IP in a minute', async () => {
    const bad = await post({ email: 'not-an-email', lists: ['news'], altcha: await solved() })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields[0].path).toBe('email')
    expect((await signup('private@example.com', ['committee'])).statusCode).toBe(404)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/mailing-lists/public/committee' })).statusCode,
    ).toBe(404)
    const listed = (await t.app.inject({ method: 'GET', url: '/api/mailing-lists/public' })).json()
    expect(listed.lists.map((l: { slug: string }) => l.slug)).toEqual(['concerts', 'news', 'open'])

    advance(120_000)
    const codes: number[] = []
    for (let i = 0; i < 12; i++) {
      const res = await post({ email: `ip${String(i)}@example.com`, lists: ['news'] }, '10.9.9.9')
      codes.push(res.statusCode)
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true)
    expect(codes.slice(10)).toEqual([429, 429])
  })
})

describe('double opt-in and one-click unsubscribe', () => {
  it('confirms once within 7 days, sends the welcome message, and unsubscribes with one POST', async () => {
    advance(120_000)
    expect((await signup('visitor@example.com', ['news', 'concerts'])).statusCode).toBe(202)
    const [mail] = await confirmationsTo('visitor@example.com')
    const token = /\/mailing-lists\/confirm\/([\w-]+)/.exec(mail!.text)![1]!
    const db = t.app.services.db
    const rows = await db
      .select()
      .from(mailingListSubscribers)
      .where(eq(mailingListSubscribers.email, 'visitor@example.com'))
    expect(rows.map((r) => r.status)).toEqual(['unconfirmed', 'unconfirmed'])

    const ok = await t.app.inject({ method: 'POST', url: `/api/mailing-lists/confirm/${token}` })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().lists.sort()).toEqual(['Concert-goers', 'News'])
    const reused = await t.app.inject({ method: 'POST', url: `/api/mailing-lists/confirm/${token}` })
    expect(reused.statusCode).toBe(409)
    const forged = await t.app.inject({ method: 'POST', url: '/api/mailing-lists/confirm/forged-token' })
    expect(forged.statusCode).toBe(404)

    const welcome = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'visitor@example.com'), eq(outbox.subject, 'Welcome to News')))
    expect(welcome).toHaveLength(1)
    expect(welcome[0]!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const oneClick = /<([^>]+)>/.exec(welcome[0]!.headers!['List-Unsubscribe']!)![1]!
    const path = new URL(oneClick).pathname

    const forgedUnsub = await t.app.inject({ method: 'POST', url: '/api/mailing-lists/unsubscribe/made-up' })
    expect(forgedUnsub.statusCode).toBe(404)
    const unsub = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(unsub.statusCode).toBe(200)
    const news = await db
      .select()
      .from(mailingListSubscribers)
      .innerJoin(mailingLists, eq(mailingLists.id, mailingListSubscribers.listId))
      .where(eq(mailingListSubscribers.email, 'visitor@example.com'))
    expect(
      Object.fromEntries(news.map((r) => [r.mailing_lists.slug, r.mailing_list_subscribers.status])),
    ).toEqual({
      news: 'unsubscribed',
      concerts: 'subscribed',
    })
  })

  it('refuses an expired link and removes addresses left unconfirmed for 7 days', async () => {
    advance(2 * 86_400_000)
    await signup('late@example.com')
    const [mail] = await confirmationsTo('late@example.com')
    const token = /\/mailing-lists\/confirm\/([\w-]+)/.exec(mail!.text)![1]!
    advance(7 * 86_400_000 + 1000)
    const expired = await t.app.inject({ method: 'POST', url: `/api/mailing-lists/confirm/${token}` })
    expect(expired.statusCode).toBe(400)
    await runJobsNow()
    const left = await t.app.services.db
      .select()
      .from(mailingListSubscribers)
      .where(eq(mailingListSubscribers.email, 'late@example.com'))
    expect(left).toHaveLength(0)
    expect(await t.app.services.db.select().from(mailingListConfirmations)).not.toHaveLength(0)
  })
})

const IMPORT = `email,name,status
alice@example.com,Alice,subscribed
"bob@example.com","Bob, the Builder",subscribed
carol@example.com,,unsubscribed
dan@example.com,Dan "D" Smith,bounced
`

describe('admin: lists, import, export, sending', () => {
  it('is for mailing-list admins only', async () => {
    const res = await gql(t.app, '{ mailingLists { slug } }', { token: member.token })
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
  })

  it('creates a list with double opt-in on by default, and refuses a taken slug', async () => {
    const create = `mutation($input: MailingListInput!) { createMailingList(input: $input) { slug doubleOptIn isPublic } }`
    const res = await gql(t.app, create, {
      token: admin.token,
      variables: { input: { name: 'Alumni', slug: 'alumni' } },
    })
    expect(res.body.data).toEqual({
      createMailingList: { slug: 'alumni', doubleOptIn: true, isPublic: true },
    })
    const again = await gql(t.app, create, {
      token: admin.token,
      variables: { input: { name: 'Alumni 2', slug: 'alumni' } },
    })
    expect(again.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
  })

  it('a CSV with a bad row imports nothing and the dry run names the row', async () => {
    const csv = `${IMPORT}not-an-address,Eve,subscribed\n`
    const run = `mutation($csv: String!, $dry: Boolean!) { importMailingListSubscribers(slug: "alumni", csv: $csv, dryRun: $dry) { added problems { line message } } }`
    const dry = await gql<{ importMailingListSubscribers: { added: number; problems: { line: number }[] } }>(
      t.app,
      run,
      {
        token: admin.token,
        variables: { csv, dry: true },
      },
    )
    expect(dry.body.data!.importMailingListSubscribers.problems.map((p) => p.line)).toEqual([6])
    const real = await gql(t.app, run, { token: admin.token, variables: { csv, dry: false } })
    expect(real.status).toBe(200)
    const page = await gql<{ mailingListSubscribers: { total: number } }>(
      t.app,
      '{ mailingListSubscribers(slug: "alumni") { total } }',
      {
        token: admin.token,
      },
    )
    expect(page.body.data!.mailingListSubscribers.total).toBe(0)
  })

  it('export after import round-trips the same rows; an unsubscribe is never re-subscribed', async () => {
    const run = `mutation($csv: String!) { importMailingListSubscribers(slug: "alumni", csv: $csv, dryRun: false) { added problems { line } } }`
    const imported = await gql<{ importMailingListSubscribers: { added: number } }>(t.app, run, {
      token: admin.token,
      variables: { csv: IMPORT },
    })
    expect(imported.body.data!.importMailingListSubscribers.added).toBe(4)
    const exported = await gql<{ mailingListExport: string }>(
      t.app,
      '{ mailingListExport(slug: "alumni") }',
      {
        token: admin.token,
      },
    )
    const rows = (csv: string) =>
      csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',').slice(0, 3).join(','))
    const { parseSubscriberCsv } = await import('#core/mailing-lists/import-plan.ts')
    const norm = (csv: string) =>
      parseSubscriberCsv(csv).rows.map(({ email, name, status }) => ({ email, name, status }))
    expect(norm(exported.body.data!.mailingListExport)).toEqual(norm(IMPORT))
    expect(rows(exported.body.data!.mailingListExport)).toHaveLength(4)

    // Re-importing the export changes nothing; a file saying carol is subscribed keeps her unsubscribed.
    const dry = `mutation($csv: String!) { importMailingListSubscribers(slug: "alumni", csv: $csv, dryRun: true) { added updated unchanged keptUnsubscribed changes { email action } } }`
    const same = await gql<{ importMailingListSubscribers: { changes: { action: string }[] } }>(t.app, dry, {
      token: admin.token,
      variables: { csv: exported.body.data!.mailingListExport },
    })
    expect(same.body.data).toMatchObject({
      importMailingListSubscribers: { added: 0, updated: 0, unchanged: 4, keptUnsubscribed: 0 },
    })
    expect(same.body.data!.importMailingListSubscribers.changes.map((c) => c.action)).toEqual([
      'UNCHANGED',
      'UNCHANGED',
      'UNCHANGED',
      'UNCHANGED',
    ])
    const resub = await gql(t.app, dry, {
      token: admin.token,
      variables: { csv: 'email,status\ncarol@example.com,subscribed\n' },
    })
    expect(resub.body.data).toEqual({
      importMailingListSubscribers: {
        added: 0,
        updated: 0,
        unchanged: 0,
        keptUnsubscribed: 1,
        changes: [{ email: 'carol@example.com', action: 'KEEP_UNSUBSCRIBED' }],
      },
    })
  })

  it('searches, filters and pages subscribers in the database', async () => {
    const q = `query($s: String, $st: SubscriberStatus) { mailingListSubscribers(slug: "alumni", search: $s, status: $st, limit: 1) { total items { email } } }`
    const bob = await gql(t.app, q, { token: admin.token, variables: { s: 'builder' } })
    expect(bob.body.data).toEqual({
      mailingListSubscribers: { total: 1, items: [{ email: 'bob@example.com' }] },
    })
    const subscribed = await gql(t.app, q, { token: admin.token, variables: { st: 'subscribed' } })
    expect(subscribed.body.data).toEqual({
      mailingListSubscribers: { total: 2, items: [{ email: 'alice@example.com' }] },
    })
  })

  it('sends to subscribed addresses only, in throttled batches, each with both List-Unsubscribe headers', async () => {
    const send = `mutation { sendMailingListMessage(slug: "alumni", subject: "Reunion", markdown: "Come **along**.") { id total queued status } }`
    const res = await gql<{ sendMailingListMessage: { total: number } }>(t.app, send, { token: admin.token })
    expect(res.body.data!.sendMailingListMessage.total).toBe(2)
    await runJobsNow()
    const sent = await t.app.services.db.select().from(outbox).where(eq(outbox.subject, 'Reunion'))
    expect(sent.map((m) => m.to).sort()).toEqual(['alice@example.com', 'bob@example.com'])
    for (const m of sent) {
      expect(m.headers!['List-Unsubscribe']).toMatch(
        /^<http:\/\/localhost:3000\/api\/mailing-lists\/unsubscribe\/[\w-]+>$/,
      )
      expect(m.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
      expect(m.text).toContain('/mailing-lists/unsubscribe/')
      expect(m.html).toContain('<strong>along</strong>')
    }
    const progress = await gql(t.app, '{ mailingListMessages(slug: "alumni") { total queued status } }', {
      token: admin.token,
    })
    expect(progress.body.data).toEqual({ mailingListMessages: [{ total: 2, queued: 2, status: 'sent' }] })
  })

  it('erases an address from every list for a GDPR request, and from what was sent to it', async () => {
    const email = 'alice@example.com'
    const db = t.app.services.db
    await db.insert(mailingListSubscribers).values({
      listId: (await db.select().from(mailingLists).where(eq(mailingLists.slug, 'news')))[0]!.id,
      email,
      status: 'subscribed',
      source: 'admin',
      unsubscribeToken: 'erase-test-token',
    })
    const [row] = await db
      .select()
      .from(mailingListSubscribers)
      .innerJoin(mailingLists, eq(mailingLists.id, mailingListSubscribers.listId))
      .where(and(eq(mailingListSubscribers.email, email), eq(mailingLists.slug, 'alumni')))
    const erase = `mutation($id: ID!) { eraseMailingListSubscriber(slug: "alumni", subscriberId: $id) }`
    const variables = { id: row!.mailing_list_subscribers.id }
    const refused = await gql(t.app, erase, { token: member.token, variables })
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')

    const erased = await gql<{ eraseMailingListSubscriber: number }>(t.app, erase, {
      token: admin.token,
      variables,
    })
    expect(erased.body.errors).toBeUndefined()
    expect(erased.body.data!.eraseMailingListSubscriber).toBe(2)
    expect(
      await db.select().from(mailingListSubscribers).where(eq(mailingListSubscribers.email, email)),
    ).toEqual([])
    expect(await db.select().from(outbox).where(eq(outbox.to, email))).toEqual([])
    const reunion = await db.select().from(outbox).where(eq(outbox.subject, 'Reunion'))
    expect(reunion.map((m) => m.to).sort()).toEqual(['bob@example.com', 'erased@invalid'])
    const history = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, row!.mailing_list_subscribers.id))
    expect(JSON.stringify(history)).not.toContain(email)
    // Erased twice: the row is gone, and saying so leaks nothing.
    const again = await gql(t.app, erase, { token: admin.token, variables })
    expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
  })
})

describe('admin: several lists, scheduled sends, templates (issue 29)', () => {
  const db = () => t.app.services.db
  const sentTo = async (subject: string) =>
    (await db().select().from(outbox).where(eq(outbox.subject, subject))).map((m) => m.to).sort()
  let tokenOfX = ''

  beforeAll(async () => {
    const [a, b] = await db()
      .insert(mailingLists)
      .values([
        { slug: 'multi-a', name: 'Multi A' },
        { slug: 'multi-b', name: 'Multi B' },
      ])
      .returning()
    const row = (listId: string, email: string, status: 'subscribed' | 'unsubscribed' = 'subscribed') => ({
      listId,
      email,
      status,
      source: 'admin' as const,
      unsubscribeToken: `${listId.slice(0, 8)}-${email.split('@')[0]!}`,
    })
    await db()
      .insert(mailingListSubscribers)
      .values([
        row(a!.id, 'x@multi.test'),
        row(a!.id, 'y@multi.test'),
        row(a!.id, 'z@multi.test', 'unsubscribed'),
        row(b!.id, 'y@multi.test'),
        row(b!.id, 'x@multi.test'),
        row(b!.id, 'w@multi.test'),
        row(b!.id, 'z@multi.test'),
      ])
    tokenOfX = `${a!.id.slice(0, 8)}-x`
  })

  const send = `mutation($subject: String!, $alsoTo: [String!], $sendAt: DateTime) {
    sendMailingListMessage(slug: "multi-a", subject: $subject, markdown: "Hello", alsoTo: $alsoTo, sendAt: $sendAt) { id total status sendAt listCount }
  }`

  it('sends one message to several lists, each address once (from the first list it is on)', async () => {
    const res = await gql<{ sendMailingListMessage: { total: number; status: string; listCount: number } }>(
      t.app,
      send,
      { token: admin.token, variables: { subject: 'Both lists', alsoTo: ['multi-b'] } },
    )
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data!.sendMailingListMessage).toMatchObject({ total: 4, status: 'sending', listCount: 2 })
    await runJobsNow()
    // z is unsubscribed from A but subscribed to B: B's subscription counts; x and y get one email.
    expect(await sentTo('Both lists')).toEqual([
      'w@multi.test',
      'x@multi.test',
      'y@multi.test',
      'z@multi.test',
    ])
    const [toX] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.subject, 'Both lists'), eq(outbox.to, 'x@multi.test')))
    expect(toX!.headers!['List-Unsubscribe']).toContain(tokenOfX)
    // Both lists' pages show it.
    const onB = await gql(t.app, '{ mailingListMessages(slug: "multi-b") { total queued status } }', {
      token: admin.token,
    })
    expect(onB.body.data).toEqual({ mailingListMessages: [{ total: 4, queued: 4, status: 'sent' }] })
    const unknown = await gql(t.app, send, {
      token: admin.token,
      variables: { subject: 'Nowhere', alsoTo: ['no-such-list'] },
    })
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    expect(await sentTo('Nowhere')).toEqual([])
  })

  it('a scheduled send waits for its time by the app clock, then goes; a past time is refused', async () => {
    const sendAt = new Date(now.getTime() + 3_600_000).toISOString()
    const res = await gql<{ sendMailingListMessage: { id: string; status: string; sendAt: string } }>(
      t.app,
      send,
      { token: admin.token, variables: { subject: 'Later on', sendAt } },
    )
    expect(res.body.data!.sendMailingListMessage).toMatchObject({ status: 'scheduled', sendAt })
    // The queue runs its jobs, but the message's time has not come: nothing goes.
    await runJobsNow()
    expect(await sentTo('Later on')).toEqual([])
    const [waiting] = await db()
      .select()
      .from(mailingListMessages)
      .where(eq(mailingListMessages.id, res.body.data!.sendMailingListMessage.id))
    expect(waiting!.status).toBe('scheduled')
    advance(3_600_000 + 1000)
    await runJobsNow()
    expect(await sentTo('Later on')).toEqual(['x@multi.test', 'y@multi.test'])
    const past = await gql(t.app, send, {
      token: admin.token,
      variables: { subject: 'Too soon', sendAt: new Date(now.getTime() - 1000).toISOString() },
    })
    expect(past.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    expect(
      await db().select().from(mailingListMessages).where(eq(mailingListMessages.subject, 'Too soon')),
    ).toEqual([])
  })

  it('cancelling a scheduled send stops it; a sent or cancelled one cannot be cancelled', async () => {
    const sendAt = new Date(now.getTime() + 2 * 3_600_000).toISOString()
    const res = await gql<{ sendMailingListMessage: { id: string } }>(t.app, send, {
      token: admin.token,
      variables: { subject: 'Never mind', sendAt },
    })
    const id = res.body.data!.sendMailingListMessage.id
    const cancel = `mutation($id: ID!) { cancelMailingListMessage(id: $id) { status } }`
    const refused = await gql(t.app, cancel, { token: member.token, variables: { id } })
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    const done = await gql(t.app, cancel, { token: admin.token, variables: { id } })
    expect(done.body.data).toEqual({ cancelMailingListMessage: { status: 'cancelled' } })
    advance(3 * 3_600_000)
    await runJobsNow()
    expect(await sentTo('Never mind')).toEqual([])
    const again = await gql(t.app, cancel, { token: admin.token, variables: { id } })
    expect(again.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    const [sent] = await db()
      .select()
      .from(mailingListMessages)
      .where(eq(mailingListMessages.subject, 'Later on'))
    const late = await gql(t.app, cancel, { token: admin.token, variables: { id: sent!.id } })
    expect(late.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mailingList.cancelSend'), eq(auditLog.entityId, id)))
    expect(audited).toHaveLength(1)
  })

  it('saves a message as a template, replaces it by name, lists it and deletes it', async () => {
    const save = `mutation($name: String!, $subject: String!) { saveMailingListTemplate(name: $name, subject: $subject, markdown: "Rehearsal **tonight**") { id name subject } }`
    const first = await gql<{ saveMailingListTemplate: { id: string } }>(t.app, save, {
      token: admin.token,
      variables: { name: 'Weekly', subject: 'This week' },
    })
    const again = await gql<{ saveMailingListTemplate: { id: string; name: string } }>(t.app, save, {
      token: admin.token,
      variables: { name: 'weekly', subject: 'This week (2)' },
    })
    expect(again.body.data!.saveMailingListTemplate.id).toBe(first.body.data!.saveMailingListTemplate.id)
    const blank = await gql(t.app, save, { token: admin.token, variables: { name: ' ', subject: 'S' } })
    expect(blank.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    const list = await gql(t.app, '{ mailingListTemplates { name subject markdown } }', {
      token: admin.token,
    })
    expect(list.body.data).toEqual({
      mailingListTemplates: [{ name: 'weekly', subject: 'This week (2)', markdown: 'Rehearsal **tonight**' }],
    })
    const del = `mutation($id: ID!) { deleteMailingListTemplate(id: $id) }`
    const id = first.body.data!.saveMailingListTemplate.id
    expect(
      (await gql(t.app, del, { token: member.token, variables: { id } })).body.errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN')
    expect((await gql(t.app, del, { token: admin.token, variables: { id } })).body.data).toEqual({
      deleteMailingListTemplate: true,
    })
    const after = await gql(t.app, '{ mailingListTemplates { name } }', { token: admin.token })
    expect(after.body.data).toEqual({ mailingListTemplates: [] })
  })
})
