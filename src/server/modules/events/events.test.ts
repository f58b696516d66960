import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, applications, events } from '#server/db/schema/index.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { collect, connected, watchSubscriptions, wsClient } from '#server/testing/ws-client.ts'

let t: TestApp
let url: string
let admin: TestUser
let board: TestUser
let member: TestUser

beforeAll(async () => {
  t = await createTestApp({}, { jobs: { pollMs: 50 } })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await createUser(t.app, { roles: ['sitrMD'], name: 'Mei Admin' })
  board = await createUser(t.app, { roles: ['boardMember'] })
  member = await createUser(t.app)
})
afterAll(() => t.close())

const DAY = 86_400_000
const input = (overrides: Record<string, unknown> = {}) => ({
  slug: 'spring-concert',
  type: 'CONCERT',
  title: 'Spring Concert',
  summary: 'Brahms and Fauré.',
  description: '## Programme\n\nBrahms *Requiem*.\n\n<script>alert(1)</script>[x](javascript:alert(1))',
  venue: 'Great Hall',
  startDate: new Date(Date.now() + 30 * DAY).toISOString(),
  endDate: new Date(Date.now() + 30 * DAY + 3 * 3_600_000).toISOString(),
  signupDeadline: new Date(Date.now() + 20 * DAY).toISOString(),
  ...overrides,
})

const CREATE = 'mutation ($input: EventInput!) { createEvent(input: $input) { id slug visibility } }'
type Created = { createEvent: { id: string; slug: string; visibility: string } }

async function create(overrides: Record<string, unknown> = {}) {
  const res = await gql<Created>(t.app, CREATE, {
    token: admin.token,
    variables: { input: input(overrides) },
  })
  expect(res.body.errors).toBeUndefined()
  return res.body.data!.createEvent
}

describe('event configuration', () => {
  it('a draft is invisible to members and the public until published, then listed for everyone', async () => {
    const created = await create({ slug: 'draft-then-public' })
    expect(created.visibility).toBe('draft')
    const lists = async (token?: string) =>
      JSON.stringify((await gql(t.app, '{ listings { slug } events { slug } }', token ? { token } : {})).body)
    expect(await lists()).not.toContain('draft-then-public')
    expect(await lists(member.token)).not.toContain('draft-then-public')
    const single = await gql(t.app, '{ event(slug: "draft-then-public") { title } }', { token: member.token })
    expect(single.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')

    const published = await gql(t.app, `mutation { publishEvent(id: "${created.id}") { visibility } }`, {
      token: admin.token,
    })
    expect(published.body.data).toEqual({ publishEvent: { visibility: 'public' } })
    expect(await lists()).toContain('draft-then-public')
  })

  it('renders the description safely', async () => {
    await create({ slug: 'markdown-check', visibility: 'public' })
    const res = await gql<{ event: { descriptionHtml: string } }>(
      t.app,
      '{ event(slug: "markdown-check") { descriptionHtml } }',
    )
    const html = res.body.data!.event.descriptionHtml
    expect(html).toContain('<h2>Programme</h2>')
    expect(html).toContain('<em>Requiem</em>')
    expect(html).not.toContain('<script')
    expect(html).not.toMatch(/href="javascript:/i)
  })

  it.each([
    [
      {
        endDate: new Date(Date.now() + DAY).toISOString(),
        startDate: new Date(Date.now() + 2 * DAY).toISOString(),
      },
      'endDate',
    ],
    [{ signupDeadline: new Date(Date.now() + 40 * DAY).toISOString() }, 'signupDeadline'],
    [{ slug: 'Not A Slug' }, 'slug'],
    [
      { eventConfig: { paymentLines: { ghosts: [{ key: 'fee', label: 'Fee', amountPence: 1 }] } } },
      'eventConfig.paymentLines.ghosts',
    ],
  ])('refuses bad input %# with VALIDATION on the right field', async (overrides, field) => {
    const res = await gql(t.app, CREATE, {
      token: admin.token,
      variables: { input: input({ slug: 'bad-input', ...overrides }) },
    })
    expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    const fields = (res.body.errors?.[0]?.extensions as { fields?: { path: string }[] }).fields ?? []
    expect(fields.map((f) => f.path)).toContain(field)
    expect(await t.app.services.db.select().from(events).where(eq(events.slug, 'bad-input'))).toHaveLength(0)
  })

  it('refuses a value of the wrong type at the typed input, naming the field', async () => {
    const res = await gql(t.app, CREATE, {
      token: admin.token,
      variables: {
        input: input({ slug: 'bad-input', eventConfig: { permissions: { releaseCastList: 'yes' } } }),
      },
    })
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')
    expect(res.body.errors?.[0]?.message).toContain('eventConfig.permissions.releaseCastList')
    expect(await t.app.services.db.select().from(events).where(eq(events.slug, 'bad-input'))).toHaveLength(0)
  })

  it('refuses a duplicate slug with CONFLICT', async () => {
    await create({ slug: 'taken-slug' })
    const res = await gql(t.app, CREATE, {
      token: admin.token,
      variables: { input: input({ slug: 'taken-slug' }) },
    })
    expect(res.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
  })

  it('a changed slug keeps the old one working, and the change is audit-logged with before and after', async () => {
    const created = await create({ slug: 'old-name', visibility: 'public' })
    const res = await gql(
      t.app,
      'mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { slug } }',
      {
        token: admin.token,
        variables: {
          id: created.id,
          input: input({ slug: 'new-name', title: 'Renamed', visibility: 'public' }),
        },
      },
    )
    expect(res.body.data).toEqual({ updateEvent: { slug: 'new-name' } })
    const viaOld = await gql<{ event: { slug: string; title: string } }>(
      t.app,
      '{ event(slug: "old-name") { slug title } }',
    )
    expect(viaOld.body.data?.event).toEqual({ slug: 'new-name', title: 'Renamed' })
    const [entry] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'event.update')))
    expect(entry?.actorId).toBe(admin.id)
    expect((entry?.before as { slug: string }).slug).toBe('old-name')
    expect((entry?.after as { slug: string; title: string }).title).toBe('Renamed')
  })

  it('releases, duplicates a year on and archives', async () => {
    const created = await create({ slug: 'to-copy', eventConfig: { parts: ['Soprano'] } })
    const released = await gql<{
      setEventReleases: { eventConfig: { permissions: Record<string, boolean> } }
    }>(
      t.app,
      `mutation { setEventReleases(id: "${created.id}", releaseParticipantInfoPack: true) { eventConfig } }`,
      { token: admin.token },
    )
    expect(released.body.data?.setEventReleases.eventConfig.permissions).toEqual({
      releaseParticipantInfoPack: true,
      releaseFinalParticipantInfo: false,
      releaseCastList: false,
    })
    const copy = await gql<{
      duplicateEvent: {
        slug: string
        visibility: string
        startDate: string
        eventConfig: { parts: string[]; permissions: { releaseParticipantInfoPack: boolean } }
      }
    }>(
      t.app,
      `mutation { duplicateEvent(id: "${created.id}", slug: "to-copy-next-year") { slug visibility startDate eventConfig } }`,
      { token: admin.token },
    )
    const dup = copy.body.data!.duplicateEvent
    expect(dup.visibility).toBe('draft')
    expect(dup.eventConfig.parts).toEqual(['Soprano'])
    expect(dup.eventConfig.permissions.releaseParticipantInfoPack).toBe(false)
    expect(new Date(dup.startDate).getTime() - new Date(input().startDate).getTime()).toBeGreaterThan(
      363 * DAY,
    )
    const archived = await gql(t.app, `mutation { archiveEvent(id: "${created.id}") { archivedAt } }`, {
      token: admin.token,
    })
    expect(archived.body.errors).toBeUndefined()
    const list = await gql<{ adminEvents: { slug: string }[] }>(t.app, '{ adminEvents { slug } }', {
      token: admin.token,
    })
    expect(list.body.data?.adminEvents.map((e) => e.slug)).not.toContain('to-copy')
  })

  it('members cannot configure events', async () => {
    const res = await gql(t.app, CREATE, {
      token: member.token,
      variables: { input: input({ slug: 'sneaky' }) },
    })
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
  })
})

describe('show reveals', () => {
  const REVEAL_AT = () => new Date(Date.now() + 7 * DAY).toISOString()

  async function showWithApplication(slug: string) {
    const created = await create({
      slug,
      type: 'SHOW',
      title: 'Spring Show',
      showName: 'Sweeney Todd',
      visibility: 'public',
    })
    await t.app.services.db.insert(applications).values({
      eventId: created.id,
      userId: member.id,
      applicationType: 'singer',
      slug: 'member-singer',
      status: 'OFFERED',
    })
    return created
  }

  it('withholds an unrevealed name from members and the public in every query shape', async () => {
    const show = await showWithApplication('secret-show')
    const scheduled = await gql(
      t.app,
      `mutation ($at: DateTime!) { scheduleShowReveal(id: "${show.id}", revealAt: $at) { revealAt } }`,
      {
        token: board.token,
        variables: { at: REVEAL_AT() },
      },
    )
    expect(scheduled.body.errors).toBeUndefined()
    const shapes = [
      '{ listings { slug showName } }',
      '{ events { slug showName } }',
      '{ event(slug: "secret-show") { showName } }',
      '{ myApplications { event { slug showName } } }',
    ]
    for (const q of shapes) {
      const asMember = await gql(t.app, q, { token: member.token })
      expect(JSON.stringify(asMember.body), q).not.toContain('Sweeney Todd')
      if (!q.includes('myApplications'))
        expect(JSON.stringify((await gql(t.app, q)).body), q).not.toContain('Sweeney Todd')
    }
    const asAdmin = await gql<{ event: { showName: string } }>(
      t.app,
      '{ event(slug: "secret-show") { showName } }',
      {
        token: board.token,
      },
    )
    expect(asAdmin.body.data?.event.showName).toBe('Sweeney Todd')
  })

  it('refuses a reveal time in the past', async () => {
    const show = await showWithApplication('past-reveal')
    const res = await gql(
      t.app,
      `mutation { scheduleShowReveal(id: "${show.id}", revealAt: "2020-01-01T00:00:00Z") { id } }`,
      {
        token: board.token,
      },
    )
    expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    expect(res.body.errors?.[0]?.message).toBe('The reveal time must be in the future.')
  })

  it('a scheduled reveal reaches connected clients by subscription, and the name is then public', async () => {
    const show = await showWithApplication('timed-reveal')
    const subscriptions = watchSubscriptions(t.app.services.bus)
    const socket = wsClient(url, member.token)
    try {
      const reveals = collect<{ showRevealed: { slug: string; showName: string } }>(
        socket,
        'subscription { showRevealed { slug showName revealedAt } }',
      )
      await connected(socket)
      await subscriptions.registered('SHOW_REVEALED')
      subscriptions.stop()
      const at = new Date(Date.now() + 1500)
      const res = await gql(
        t.app,
        `mutation ($at: DateTime!) { scheduleShowReveal(id: "${show.id}", revealAt: $at) { id } }`,
        {
          token: board.token,
          variables: { at: at.toISOString() },
        },
      )
      expect(res.body.errors).toBeUndefined()
      const [event] = await reveals.next(1, 10_000)
      expect(Date.now() - at.getTime()).toBeLessThan(2000)
      expect(event?.showRevealed).toMatchObject({ slug: 'timed-reveal', showName: 'Sweeney Todd' })
      const after = await gql<{ event: { showName: string } }>(
        t.app,
        '{ event(slug: "timed-reveal") { showName } }',
      )
      expect(after.body.data?.event.showName).toBe('Sweeney Todd')
    } finally {
      await socket.dispose()
    }
  })

  it('reveal now is immediate; postponing moves the job', async () => {
    const show = await showWithApplication('postponed-reveal')
    await gql(
      t.app,
      `mutation ($at: DateTime!) { scheduleShowReveal(id: "${show.id}", revealAt: $at) { id } }`,
      {
        token: board.token,
        variables: { at: REVEAL_AT() },
      },
    )
    const later = new Date(Date.now() + 14 * DAY).toISOString()
    await gql(
      t.app,
      `mutation ($at: DateTime!) { scheduleShowReveal(id: "${show.id}", revealAt: $at) { id } }`,
      {
        token: board.token,
        variables: { at: later },
      },
    )
    const pending = await t.app.services.db.query.jobs.findMany({
      where: (j, { eq: is, and: both }) =>
        both(is(j.singletonKey, `show-reveal:${show.id}`), is(j.status, 'pending')),
    })
    expect(pending).toHaveLength(1)
    expect(pending[0]!.runAt.toISOString()).toBe(later)
    const now = await gql(t.app, `mutation { revealShowNow(id: "${show.id}") { revealAt } }`, {
      token: board.token,
    })
    expect(now.body.errors).toBeUndefined()
    const visible = await gql<{ event: { showName: string } }>(
      t.app,
      '{ event(slug: "postponed-reveal") { showName } }',
      {
        token: member.token,
      },
    )
    expect(visible.body.data?.event.showName).toBe('Sweeney Todd')
  })

  it('only superAdmin, boardMember and orchestraAdmin manage reveals', async () => {
    const show = await showWithApplication('guarded-reveal')
    const res = await gql(t.app, `mutation { revealShowNow(id: "${show.id}") { id } }`, {
      token: admin.token,
    })
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
  })
})

describe('application types, audition info and un-archiving', () => {
  const config = {
    applicationTypes: {
      singer: { label: 'Singer', auditionRequired: true, capacity: 40 },
      orchestra: { label: 'Orchestra', open: false },
      crew: { label: 'Crew' },
    },
    content: {
      auditionInfo:
        '## Auditions\n\nBring a song.<script>alert(1)</script> [sneaky](javascript:alert(1)) <img src=x onerror="alert(1)">',
    },
  }
  type Types = {
    key: string
    label: string
    open: boolean
    auditionRequired: boolean
    capacity: number | null
  }[]
  const QUERY = `query ($slug: String!) { event(slug: $slug) {
    openApplicationTypes { key label auditionRequired capacity }
    openApplicationTypeKeys
    applicationTypes { key label open auditionRequired }
    auditionInfoHtml
  } }`
  type Data = {
    event: {
      openApplicationTypes: Types
      openApplicationTypeKeys: string[]
      applicationTypes: Types
      auditionInfoHtml: string | null
    }
  }

  it('lists the open application types, and every type with its state', async () => {
    await create({ slug: 'types-open', visibility: 'members', eventConfig: config })
    const res = await gql<Data>(t.app, QUERY, { token: member.token, variables: { slug: 'types-open' } })
    expect(res.body.errors).toBeUndefined()
    // NOTE: jsonb keeps object keys in its own order (shortest first), not the order written.
    const byKey = (types: Types) => [...types].sort((a, b) => a.key.localeCompare(b.key))
    expect(byKey(res.body.data!.event.openApplicationTypes)).toEqual([
      { key: 'crew', label: 'Crew', auditionRequired: false, capacity: null },
      { key: 'singer', label: 'Singer', auditionRequired: true, capacity: 40 },
    ])
    expect([...res.body.data!.event.openApplicationTypeKeys].sort()).toEqual(['crew', 'singer'])
    expect(byKey(res.body.data!.event.applicationTypes)).toEqual([
      { key: 'crew', label: 'Crew', open: true, auditionRequired: false },
      { key: 'orchestra', label: 'Orchestra', open: false, auditionRequired: false },
      { key: 'singer', label: 'Singer', open: true, auditionRequired: true },
    ])
  })

  it('has no open types once the signup deadline has passed', async () => {
    await create({
      slug: 'types-closed',
      visibility: 'members',
      eventConfig: config,
      signupDeadline: new Date(Date.now() - DAY).toISOString(),
      startDate: new Date(Date.now() - 2 * DAY).toISOString(),
    })
    const res = await gql<Data>(t.app, QUERY, { token: member.token, variables: { slug: 'types-closed' } })
    expect(res.body.data!.event.openApplicationTypes).toEqual([])
    expect(res.body.data!.event.openApplicationTypeKeys).toEqual([])
    expect(res.body.data!.event.applicationTypes).toHaveLength(3)
  })

  it('renders the audition info safely, and null when there is none', async () => {
    await create({ slug: 'auditions-info', visibility: 'public', eventConfig: config })
    const res = await gql<Data>(t.app, QUERY, { variables: { slug: 'auditions-info' } })
    const html = res.body.data!.event.auditionInfoHtml!
    expect(html).toContain('<h2>Auditions</h2>')
    expect(html).toContain('Bring a song.')
    expect(html).not.toContain('<script')
    expect(html).not.toMatch(/javascript:/i)
    expect(html).not.toMatch(/onerror/i)

    await create({ slug: 'no-auditions', visibility: 'public' })
    const none = await gql<Data>(t.app, QUERY, { variables: { slug: 'no-auditions' } })
    expect(none.body.data!.event.auditionInfoHtml).toBeNull()
  })

  it('lists of events can ask for the open types within the query cost limit', async () => {
    const res = await gql(t.app, '{ listings { slug openApplicationTypeKeys } }')
    expect(res.body.errors).toBeUndefined()
  })

  it('un-archives an event as a draft, audit-logged; only admins may', async () => {
    const created = await create({ slug: 'archive-and-back', visibility: 'public' })
    await gql(t.app, `mutation { archiveEvent(id: "${created.id}") { id } }`, { token: admin.token })
    const UNARCHIVE = `mutation { unarchiveEvent(id: "${created.id}") { archivedAt visibility } }`
    const refused = await gql(t.app, UNARCHIVE, { token: member.token })
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')

    const res = await gql(t.app, UNARCHIVE, { token: admin.token })
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data).toEqual({ unarchiveEvent: { archivedAt: null, visibility: 'draft' } })
    const list = await gql<{ adminEvents: { slug: string }[] }>(t.app, '{ adminEvents { slug } }', {
      token: admin.token,
    })
    expect(list.body.data?.adminEvents.map((e) => e.slug)).toContain('archive-and-back')

    const [entry] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'event.unarchive')))
    expect(entry?.actorId).toBe(admin.id)
    expect((entry?.before as { archivedAt: string | null }).archivedAt).not.toBeNull()
    expect((entry?.after as { archivedAt: string | null }).archivedAt).toBeNull()

    const again = await gql(t.app, UNARCHIVE, { token: admin.token })
    expect(again.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
  })
})
