import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailingLists, societySettings, users } from '#server/db/schema/index.ts'
import { createUser, insertReleasableEvent, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { openFirstRunSetup } from '#server/modules/people/first-run-setup.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
})
afterAll(async () => t?.close())

const CHECKLIST = '{ gettingStarted { complete dismissed items { item done markable link } } }'
interface Checklist {
  gettingStarted: {
    complete: boolean
    dismissed: boolean
    items: { item: string; done: boolean; markable: boolean; link: string }[]
  }
}
const doneOf = (data: Checklist | null | undefined) =>
  Object.fromEntries((data?.gettingStarted.items ?? []).map((i) => [i.item, i.done]))

describe('first run', () => {
  it('says setup is pending until a superAdmin exists; a setup link reads open, spent, then finished', async () => {
    const pending = await gql<{ setupPending: boolean }>(t.app, '{ setupPending }')
    expect(pending.body.data?.setupPending).toBe(true)

    const link = await openFirstRunSetup(t.app.services)
    const token = new URL(link!).searchParams.get('token')!
    const STATE = 'query S($token: String!) { setupLink(token: $token) }'
    const open = await gql<{ setupLink: string }>(t.app, STATE, { variables: { token } })
    expect(open.body.data?.setupLink).toBe('open')
    const forged = await gql<{ setupLink: string }>(t.app, STATE, { variables: { token: 'forged' } })
    expect(forged.body.data?.setupLink).toBe('spent')

    const founder = await createUser(t.app)
    const claimed = await gql(
      t.app,
      'mutation C($token: String!) { claimFirstAdmin(token: $token) { id } }',
      {
        variables: { token },
        token: founder.token,
      },
    )
    expect(claimed.body.errors).toBeUndefined()
    const after = await gql<{ setupLink: string }>(t.app, STATE, { variables: { token } })
    expect(after.body.data?.setupLink).toBe('finished')
    const over = await gql<{ setupPending: boolean }>(t.app, '{ setupPending }')
    expect(over.body.data?.setupPending).toBe(false)
  })
})

describe('the getting-started checklist', () => {
  let admin: TestUser
  beforeAll(async () => {
    await t.app.services.db.update(users).set({ roles: [] })
    admin = await createUser(t.app, { roles: ['superAdmin'] })
  })

  it('ticks each step from the data, marks the widget by hand, and is put away only when complete', async () => {
    const db = t.app.services.db
    const read = async () => (await gql<Checklist>(t.app, CHECKLIST, { token: admin.token })).body
    let body = await read()
    expect(body.errors).toBeUndefined()
    expect(doneOf(body.data)).toEqual({
      SETTINGS: false,
      FIRST_EVENT: false,
      COMMITTEE_ROLES: false,
      MAILING_LIST: false,
      WIDGET: false,
    })
    expect(body.data?.gettingStarted.items.map((i) => i.link)).toEqual([
      '/admin/settings',
      '/admin/events/new',
      '/admin/committee',
      '/admin/mailing-lists',
      '/embed/mailing-lists',
    ])

    const early = await gql(t.app, 'mutation { dismissGettingStarted { dismissed } }', { token: admin.token })
    expect(early.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')

    await db.insert(societySettings).values({ id: 1, settings: {} })
    await insertReleasableEvent(t.app)
    await createUser(t.app, { roles: ['ticketAdmin'] })
    await db.insert(mailingLists).values({ slug: 'news', name: 'News' })
    body = await read()
    expect(doneOf(body.data)).toEqual({
      SETTINGS: true,
      FIRST_EVENT: true,
      COMMITTEE_ROLES: true,
      MAILING_LIST: true,
      WIDGET: false,
    })

    const MARK = 'mutation M($item: GettingStartedItem!) { markGettingStartedDone(item: $item) { complete } }'
    const wrong = await gql(t.app, MARK, { variables: { item: 'FIRST_EVENT' }, token: admin.token })
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')
    expect(wrong.body.errors?.[0]?.message).toBe(
      'This step ticks itself off once it is done: there is nothing to mark.',
    )
    const member = await createUser(t.app)
    const refused = await gql(t.app, MARK, { variables: { item: 'WIDGET' }, token: member.token })
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')

    const marked = await gql<{ markGettingStartedDone: { complete: boolean } }>(t.app, MARK, {
      variables: { item: 'WIDGET' },
      token: admin.token,
    })
    expect(marked.body.data?.markGettingStartedDone.complete).toBe(true)

    const dismissed = await gql<{ dismissGettingStarted: { dismissed: boolean } }>(
      t.app,
      'mutation { dismissGettingStarted { dismissed } }',
      { token: admin.token },
    )
    expect(dismissed.body.data?.dismissGettingStarted.dismissed).toBe(true)
    body = await read()
    expect(body.data?.gettingStarted).toMatchObject({ complete: true, dismissed: true })
  })
})
