import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  mailingListMessages,
  mailingLists,
  mailingListSubscribers,
  outbox,
} from '#server/db/schema/index.ts'
import { createUser, insertApplication, insertReleasableEvent } from '#server/testing/factories.ts'
import { eventually, startSmtp, type TestSmtp } from '#server/testing/smtp.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { isPermanentFailure } from '#server/mail/outbox.service.ts'
import { listMessage } from './list-email.ts'
import { tokenOfListMessage } from './mark-bounced.ts'
import { newToken } from './subscribe.ts'

let t: TestApp | undefined
let smtp: TestSmtp | undefined
afterEach(async () => {
  await t?.close()
  await smtp?.close()
  t = smtp = undefined
})

const ADD = `mutation Add($slug: String!, $eventSlug: String!) {
  addEventParticipantsToList(slug: $slug, eventSlug: $eventSlug) { participants added alreadyOnList }
}`
const BOUNCE = `mutation B($slug: String!, $id: ID!) {
  markMailingListSubscriberBounced(slug: $slug, subscriberId: $id) { id status }
}`
const SEND = `mutation S($slug: String!) {
  sendMailingListMessage(slug: $slug, subject: "Concert news", markdown: "We sing on **Friday**.") { id total }
}`

async function makeList(app: TestApp['app'], slug: string) {
  const [list] = await app.services.db.insert(mailingLists).values({ slug, name: slug }).returning()
  return list!
}

async function subscriber(
  app: TestApp['app'],
  listId: string,
  email: string,
  status: 'subscribed' | 'unsubscribed',
) {
  const [row] = await app.services.db
    .insert(mailingListSubscribers)
    .values({ listId, email, status, source: 'admin', unsubscribeToken: newToken() })
    .returning()
  return row!
}

const statusOf = async (app: TestApp['app'], id: string) =>
  (await app.services.db.select().from(mailingListSubscribers).where(eq(mailingListSubscribers.id, id)))[0]
    ?.status

describe('an event’s participants on a list', () => {
  it('adds CONFIRMED and PAID participants once, never re-subscribing an unsubscribe', async () => {
    t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false })
    const board = await createUser(t.app, { roles: ['boardMember'] })
    const plain = await createUser(t.app)
    const [confirmed, paid, submitted] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ])
    const event = await insertReleasableEvent(t.app)
    await insertApplication(t.app, { eventId: event.id, userId: confirmed.id, status: 'CONFIRMED' })
    await insertApplication(t.app, { eventId: event.id, userId: paid.id, status: 'PAID' })
    await insertApplication(t.app, { eventId: event.id, userId: submitted.id, status: 'SUBMITTED' })
    const list = await makeList(t.app, 'concert-goers')
    const left = await subscriber(t.app, list.id, paid.email, 'unsubscribed')

    const variables = { slug: 'concert-goers', eventSlug: event.slug }
    const refused = await gql(t.app, ADD, { token: plain.token, variables })
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')

    const first = await gql(t.app, ADD, { token: board.token, variables })
    expect(first.body.data).toEqual({
      addEventParticipantsToList: { participants: 2, added: 1, alreadyOnList: 1 },
    })
    const second = await gql(t.app, ADD, { token: board.token, variables })
    expect(second.body.data).toEqual({
      addEventParticipantsToList: { participants: 2, added: 0, alreadyOnList: 2 },
    })

    const rows = await t.app.services.db
      .select()
      .from(mailingListSubscribers)
      .where(eq(mailingListSubscribers.listId, list.id))
    expect(rows.map((r) => [r.email, r.status, r.source]).sort()).toEqual(
      [
        [confirmed.email, 'subscribed', 'event'],
        [paid.email, 'unsubscribed', 'admin'],
      ].sort(),
    )
    expect(await statusOf(t.app, left.id)).toBe('unsubscribed')
    const unknown = await gql(t.app, ADD, {
      token: board.token,
      variables: { ...variables, eventSlug: 'nope' },
    })
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
  })
})

describe('bounces', () => {
  it('only a 5xx is permanent, and only a list message names a subscriber', () => {
    expect(isPermanentFailure(Object.assign(new Error('no such user'), { responseCode: 550 }))).toBe(true)
    expect(isPermanentFailure(Object.assign(new Error('try later'), { responseCode: 451 }))).toBe(false)
    expect(isPermanentFailure(new Error('connect ECONNREFUSED'))).toBe(false)
    const message = listMessage(
      { appUrl: 'http://localhost:3000' },
      { to: 'a@x.test', listName: 'News', subject: 'S', markdown: 'M', unsubscribeToken: 'tok-123' },
    )
    expect(tokenOfListMessage({ template: message.template!, headers: message.headers! })).toBe('tok-123')
    expect(tokenOfListMessage({ template: 'mailing-list.confirm', headers: message.headers! })).toBeNull()
    expect(tokenOfListMessage({ template: 'application.offered', headers: null })).toBeNull()
  })

  it('an SMTP 5xx for a list message marks the address bounced on every list; later sends skip it', async () => {
    smtp = await startSmtp(undefined, { rejectRecipients: ['gone@stagedoor.test'] })
    t = await createTestApp(
      { SMTP_URL: smtp.url },
      { jobs: { pollMs: 20, baseBackoffMs: 50, maxBackoffMs: 200 } },
    )
    const board = await createUser(t.app, { roles: ['boardMember'] })
    const news = await makeList(t.app, 'news')
    const other = await makeList(t.app, 'other')
    const gone = await subscriber(t.app, news.id, 'gone@stagedoor.test', 'subscribed')
    const goneElsewhere = await subscriber(t.app, other.id, 'gone@stagedoor.test', 'subscribed')
    await subscriber(t.app, news.id, 'here@stagedoor.test', 'subscribed')

    const res = await gql(t.app, SEND, { token: board.token, variables: { slug: 'news' } })
    expect(res.body.errors).toBeUndefined()
    const [mail] = await smtp.waitFor(1)
    expect(mail!.envelopeTo).toEqual(['here@stagedoor.test'])
    await eventually(async () => (await statusOf(t!.app, gone.id)) === 'bounced')
    expect(await statusOf(t.app, goneElsewhere.id)).toBe('bounced')
    const [failed] = await t.app.services.db.select().from(outbox).where(eq(outbox.to, 'gone@stagedoor.test'))
    // Failed at once: a permanent refusal is not retried 25 times.
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed!.lastError).toMatch(/550/)
    const audit = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mailingList.bounce'), eq(auditLog.entityId, gone.id)))
    expect(audit[0]).toMatchObject({ actorId: null, before: { status: 'subscribed' } })

    // The next message goes to the one address still subscribed.
    const again = await gql<{ sendMailingListMessage: { id: string; total: number } }>(t.app, SEND, {
      token: board.token,
      variables: { slug: 'news' },
    })
    expect(again.body.data!.sendMailingListMessage.total).toBe(1)
    await smtp.waitFor(2)
    // Every batch of the second message has gone to the outbox once the message is marked sent.
    const secondId = again.body.data!.sendMailingListMessage.id
    await eventually(async () => {
      const [m] = await t!.app.services.db
        .select({ status: mailingListMessages.status })
        .from(mailingListMessages)
        .where(eq(mailingListMessages.id, secondId))
      return m?.status === 'sent'
    })
    const toGone = await t.app.services.db.select().from(outbox).where(eq(outbox.to, 'gone@stagedoor.test'))
    expect(toGone).toHaveLength(1)
  })

  it('an admin marks a subscriber bounced; an unsubscribed one stays unsubscribed', async () => {
    t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false })
    const board = await createUser(t.app, { roles: ['orchestraAdmin'] })
    const member = await createUser(t.app)
    const list = await makeList(t.app, 'news')
    const one = await subscriber(t.app, list.id, 'one@stagedoor.test', 'subscribed')
    const left = await subscriber(t.app, list.id, 'left@stagedoor.test', 'unsubscribed')
    const refused = await gql(t.app, BOUNCE, { token: member.token, variables: { slug: 'news', id: one.id } })
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    const res = await gql(t.app, BOUNCE, { token: board.token, variables: { slug: 'news', id: one.id } })
    expect(res.body.data).toEqual({ markMailingListSubscriberBounced: { id: one.id, status: 'bounced' } })
    const no = await gql(t.app, BOUNCE, { token: board.token, variables: { slug: 'news', id: left.id } })
    expect(no.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    expect(await statusOf(t.app, left.id)).toBe('unsubscribed')
  })
})
