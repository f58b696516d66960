import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { buildSchema, getNamedType, isObjectType, type GraphQLObjectType } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { can } from '#core/auth/policies.ts'
import { ROLES, type Role } from '#core/auth/roles.ts'
import { visibleShowName } from '#core/events/policies.ts'
import { events } from '#server/db/schema/index.ts'
import { createUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// Issue 26, finding 8: duplicateEvent answered an unrevealed show name to staff outside
// `admin.showReveals`, and the copy (no reveal time) showed it to everyone once published. This
// matrix extends show-name.test.ts to every mutation whose answer carries a show name.

const DAY = 86_400_000
const SECRET = 'Into the Woods'
const schema = buildSchema(readFileSync('schema.graphql', 'utf8'))

// Object types with a `showName` field. Event and AdminEvent resolve it through the core rule
// (visibleShowName); ShowRevealed is sent only once the name is out. A mutation answering an
// Application or another type that nests an Event gets the name through the same Event resolver,
// so the mutations that answer an event directly are the ones to call for each role.
const typesWithShowName = Object.values(schema.getTypeMap())
  .filter((type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith('__'))
  .filter((type) => 'showName' in type.getFields())
  .map((type) => type.name)
  .sort()

const showNameMutations = Object.values(schema.getMutationType()!.getFields())
  .filter((f) => {
    const inner = getNamedType(f.type)
    return isObjectType(inner) && 'showName' in inner.getFields()
  })
  .map((f) => f.name)
  .sort()

type Call = (id: string, slug: string) => { query: string; variables: Record<string, unknown> }
const EVENT_FIELDS = 'id slug title showName'
const CALLS: Record<string, Call | 'caller-typed'> = {
  archiveEvent: (id) => ({
    query: `mutation ($id: ID!) { archiveEvent(id: $id) { ${EVENT_FIELDS} } }`,
    variables: { id },
  }),
  unarchiveEvent: (id) => ({
    query: `mutation ($id: ID!) { unarchiveEvent(id: $id) { ${EVENT_FIELDS} } }`,
    variables: { id },
  }),
  publishEvent: (id) => ({
    query: `mutation ($id: ID!) { publishEvent(id: $id) { ${EVENT_FIELDS} } }`,
    variables: { id },
  }),
  unpublishEvent: (id) => ({
    query: `mutation ($id: ID!) { unpublishEvent(id: $id) { ${EVENT_FIELDS} } }`,
    variables: { id },
  }),
  duplicateEvent: (id) => ({
    query: `mutation ($id: ID!, $slug: String!) { duplicateEvent(id: $id, slug: $slug, title: "Copy") { ${EVENT_FIELDS} } }`,
    variables: { id, slug: `copy-${randomUUID().slice(0, 8)}` },
  }),
  setEventReleases: (id) => ({
    query: `mutation ($id: ID!) { setEventReleases(id: $id, releaseCastList: true) { ${EVENT_FIELDS} } }`,
    variables: { id },
  }),
  scheduleShowReveal: (id) => ({
    query: `mutation ($id: ID!, $at: DateTime!) { scheduleShowReveal(id: $id, revealAt: $at) { ${EVENT_FIELDS} } }`,
    variables: { id, at: new Date(Date.now() + 9 * DAY).toISOString() },
  }),
  updateEvent: (id, slug) => ({
    query: `mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { ${EVENT_FIELDS} } }`,
    variables: {
      id,
      input: {
        slug,
        type: 'SHOW',
        title: 'Spring Show (edited)',
        showName: null,
        startDate: new Date(Date.now() + 30 * DAY).toISOString(),
        endDate: new Date(Date.now() + 30 * DAY + 3 * 3_600_000).toISOString(),
        visibility: 'public',
      },
    },
  }),
  // The caller typed the name it gets back; a new event has no reveal time until one is scheduled.
  createEvent: 'caller-typed',
  // Revealing makes the name public: the answer carries it to anyone by design.
  revealShowNow: 'caller-typed',
}

interface Principal {
  name: string
  roles: Role[] | null
  token?: string
}
const principals: Principal[] = [
  { name: 'anonymous', roles: null },
  { name: 'member', roles: [] },
  ...ROLES.map((role) => ({ name: role, roles: [role] })),
]

let t: TestApp

async function unrevealedShow(): Promise<typeof events.$inferSelect> {
  const [row] = await t.app.services.db
    .insert(events)
    .values({
      slug: `spring-${randomUUID().slice(0, 8)}`,
      type: 'SHOW',
      title: 'Spring Show',
      showName: SECRET,
      revealAt: new Date(Date.now() + 7 * DAY),
      startDate: new Date(Date.now() + 30 * DAY),
      endDate: new Date(Date.now() + 30 * DAY + 3 * 3_600_000),
      visibility: 'public',
    })
    .returning()
  return row!
}

let clientDist: string

beforeAll(async () => {
  // A stand-in client build, so /listings/:slug answers the page with its title and og:title.
  clientDist = mkdtempSync(path.join(tmpdir(), 'stagedoor-dist-'))
  mkdirSync(path.join(clientDist, 'assets'))
  writeFileSync(
    path.join(clientDist, 'index.html'),
    '<!doctype html><html><head><title>Stagedoor</title></head><body><div id="root"></div></body></html>',
  )
  t = await createTestApp({}, { startJobs: false, clientDist })
  for (const p of principals) if (p.roles) p.token = (await createUser(t.app, { roles: p.roles })).token
})
afterAll(async () => {
  await t.close()
  rmSync(clientDist, { recursive: true, force: true })
})

describe("mutations' answers and unrevealed show names", () => {
  it('every mutation whose answer can carry a show name is in this matrix', () => {
    expect(typesWithShowName).toEqual(['AdminEvent', 'Event', 'ShowRevealed'])
    expect(showNameMutations.length).toBeGreaterThan(5)
    expect(showNameMutations).toEqual(Object.keys(CALLS).sort())
  })

  it('no role reads the name from a mutation answer unless it may read the name', async () => {
    let leaksChecked = 0
    for (const p of principals) {
      const viewer = p.roles ? { roles: p.roles } : null
      const mayRead =
        visibleShowName(viewer, { showName: SECRET, revealAt: new Date(Date.now() + DAY) }, new Date()) !==
        null
      for (const [name, call] of Object.entries(CALLS)) {
        if (call === 'caller-typed') continue
        const event = await unrevealedShow()
        if (name === 'unarchiveEvent')
          await t.app.services.db
            .update(events)
            .set({ archivedAt: new Date() })
            .where(eq(events.id, event.id))
        const { query, variables } = call(event.id, event.slug)
        const res = await gql(t.app, query, { token: p.token, variables })
        const body = JSON.stringify(res.body)
        const allowedToCall = can(
          viewer,
          name === 'scheduleShowReveal' ? 'admin.showReveals' : 'admin.general',
        )
        if (allowedToCall) expect(res.body.errors, `${p.name} ${name}`).toBeUndefined()
        // updateEvent's input clears the name (null), which a reader of the name may do.
        if (mayRead && allowedToCall && name !== 'updateEvent')
          expect(body, `${p.name} ${name}`).toContain(SECRET)
        if (!mayRead) {
          expect(body, `${p.name} ${name}`).not.toContain(SECRET)
          leaksChecked += allowedToCall ? 1 : 0
        }
      }
    }
    // sitrMD and socialConvenor call all but scheduleShowReveal without reading the name.
    expect(leaksChecked).toBe(2 * 7)
  })

  it('a published copy of an unrevealed show shows no name in the listing, page title, og:title or public.ics', async () => {
    const source = await unrevealedShow()
    const sitr = principals.find((p) => p.name === 'sitrMD')!
    const copySlug = `copy-${randomUUID().slice(0, 8)}`
    const dup = await gql<{ duplicateEvent: { id: string; showName: string | null } }>(
      t.app,
      'mutation ($id: ID!, $slug: String!) { duplicateEvent(id: $id, slug: $slug, title: "Copy") { id showName } }',
      { token: sitr.token, variables: { id: source.id, slug: copySlug } },
    )
    expect(dup.body.errors).toBeUndefined()
    expect(dup.body.data!.duplicateEvent.showName).toBeNull()
    const pub = await gql(t.app, 'mutation ($id: ID!) { publishEvent(id: $id) { slug } }', {
      token: sitr.token,
      variables: { id: dup.body.data!.duplicateEvent.id },
    })
    expect(pub.body.errors).toBeUndefined()
    const copy = await t.app.services.db.query.events.findFirst({
      where: (e, { eq }) => eq(e.slug, copySlug),
    })
    expect(copy?.showName).toBe(SECRET)
    expect(copy?.revealAt?.getTime()).toBe(source.revealAt!.getTime())

    const listing = await gql(
      t.app,
      `{ listings { slug title showName } event(slug: "${copySlug}") { showName } }`,
    )
    expect(JSON.stringify(listing.body)).toContain(copySlug)
    expect(JSON.stringify(listing.body)).not.toContain(SECRET)
    const page = await t.app.inject({ method: 'GET', url: `/listings/${copySlug}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('og:title')
    expect(page.body).not.toContain(SECRET)
    const ics = await t.app.inject({ method: 'GET', url: '/api/calendar/public.ics' })
    expect(ics.statusCode).toBe(200)
    expect(ics.body).toContain('Copy')
    expect(ics.body).not.toContain(SECRET)
  })
})
