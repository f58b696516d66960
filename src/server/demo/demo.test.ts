import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPLICATION_STATUSES } from '#core/applications/status.ts'
import { EVENT_TYPES } from '#core/events/event.ts'
import { memberSidebar, type NavApplication } from '#core/navigation/member-nav.ts'
import { owedLines, totalOutstanding } from '#core/applications/payments.ts'
import { applications, events, learningTracks, payments, profiles, users } from '#server/db/schema/index.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { cookieHeader } from '#server/testing/factories.ts'
import { countQueries } from '#server/testing/test-db.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  await seedDemo(t.app.services)
})
afterAll(() => t.close())

async function tokenFor(email: string): Promise<string> {
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl },
    payload: { email, password: DEMO_PASSWORD },
  })
  expect(signIn.statusCode).toBe(200)
  const cookie = cookieHeader(signIn.headers['set-cookie'])
  return (await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })).json().token
}

const NAV_ITEMS_QUERY = `query NavItemsQuery {
  myApplications {
    id applicationType status updatedAt
    event { slug type title showName startDate endDate signupDeadline
      eventConfig { permissions { releaseParticipantInfoPack releaseFinalParticipantInfo } paymentLines } }
  }
}`

describe('demo society seed', () => {
  it('has an account per role, about sixty members with profiles, every event type and every status', async () => {
    const { db } = t.app.services
    const everyone = await db.select().from(users)
    for (const account of DEMO_ACCOUNTS) {
      expect(everyone.find((u) => u.email === account.email)?.roles).toEqual(account.roles)
    }
    expect(everyone.length).toBeGreaterThanOrEqual(60)
    expect((await db.select().from(profiles)).length).toBeGreaterThanOrEqual(55)
    const types = new Set((await db.select().from(events)).map((e) => e.type))
    expect([...types].sort()).toEqual([...EVENT_TYPES].sort())
    const statuses = new Set((await db.select().from(applications)).map((a) => a.status))
    expect([...statuses].sort()).toEqual([...APPLICATION_STATUSES].sort())
  })

  it('a PAID demo application has paid every line of its type', async () => {
    const { db } = t.app.services
    const eventRows = await db.select().from(events)
    const paid = (await db.select().from(applications)).filter((a) => a.status === 'PAID')
    const recorded = await db.select().from(payments)
    expect(paid.length).toBeGreaterThan(0)
    for (const a of paid) {
      const lines =
        eventRows.find((e) => e.id === a.eventId)!.eventConfig.paymentLines[a.applicationType] ?? []
      const owed = owedLines(
        lines,
        recorded.filter((p) => p.applicationId === a.id),
      )
      expect(totalOutstanding(owed), a.slug).toBe(0)
    }
  })

  it('running it twice changes nothing', async () => {
    const { db } = t.app.services
    const snapshot = async () => ({
      users: await db.select().from(users).orderBy(users.id),
      profiles: await db.select().from(profiles).orderBy(profiles.userId),
      events: await db.select().from(events).orderBy(events.slug),
      applications: await db.select().from(applications).orderBy(applications.id),
      payments: await db.select().from(payments).orderBy(payments.id),
    })
    const before = await snapshot()
    const again = await seedDemo(t.app.services, new Date(Date.now() + 86_400_000 * 30))
    expect(again.created).toEqual([])
    expect(await snapshot()).toEqual(before)
  })

  it('member1 sees every sidebar item, member2 none beyond the basics, member3 has no applications', async () => {
    const now = new Date()
    const sidebarOf = async (email: string) => {
      const res = await gql<{ myApplications: NavApplication[] }>(t.app, NAV_ITEMS_QUERY, {
        token: await tokenFor(email),
        operationName: 'NavItemsQuery',
      })
      expect(res.body.errors).toBeUndefined()
      return {
        apps: res.body.data!.myApplications,
        sections: memberSidebar({ signedIn: true, applications: res.body.data!.myApplications, now }),
      }
    }
    const m1 = await sidebarOf('member1@stagedoor.test')
    expect(m1.sections[1]!.items.map((i) => i.label)).toEqual([
      'Cast List',
      'Info Pack',
      'Part Breakdown',
      'Venue Access',
      'Social Links',
    ])
    const m2 = await sidebarOf('member2@stagedoor.test')
    expect(m2.apps.map((a) => a.status)).toEqual(['SUBMITTED'])
    expect(m2.sections).toHaveLength(1)
    const m3 = await sidebarOf('member3@stagedoor.test')
    expect(m3.apps).toEqual([])
  })

  it('NavItemsQuery is one round trip with no N+1: a fixed number of queries whatever the count', async () => {
    const token = await tokenFor('member1@stagedoor.test')
    const { result, count } = await countQueries(t.app.services.dbHandle, () =>
      gql<{ myApplications: unknown[] }>(t.app, NAV_ITEMS_QUERY, { token, operationName: 'NavItemsQuery' }),
    )
    expect(result.body.data!.myApplications.length).toBeGreaterThanOrEqual(2)
    // viewer + applications + one batched events load
    expect(count).toBeLessThanOrEqual(3)
  })

  it('withholds the unrevealed show name from members but not from admins', async () => {
    const q = '{ events { slug title showName revealAt } }'
    const member = await gql<{ events: { slug: string; showName: string | null }[] }>(t.app, q, {
      token: await tokenFor('member3@stagedoor.test'),
    })
    const show = member.body.data!.events.find((e) => e.slug === 'spring-show-2027')
    expect(show?.showName).toBeNull()
    expect(JSON.stringify(member.body)).not.toContain('Into the Woods')
    const anonymous = await gql(t.app, q)
    expect(JSON.stringify(anonymous.body)).not.toContain('Into the Woods')
    const admin = await gql<{ events: { slug: string; showName: string | null }[] }>(t.app, q, {
      token: await tokenFor('boardmember@stagedoor.test'),
    })
    expect(admin.body.data!.events.find((e) => e.slug === 'spring-show-2027')?.showName).toBe(
      'Into the Woods',
    )
  })

  it('myApplications refuses an anonymous caller', async () => {
    const res = await gql(t.app, NAV_ITEMS_QUERY, { operationName: 'NavItemsQuery' })
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED')
  })
})

describe('event by slug', () => {
  it('answers NOT_FOUND for a slug that does not exist and for a draft seen by a member', async () => {
    const missing = await gql(t.app, '{ event(slug: "no-such-event") { title } }')
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    const { db } = t.app.services
    await db.insert(events).values({
      slug: 'secret-draft',
      type: 'CONCERT',
      title: 'Secret draft',
      startDate: new Date(Date.now() + 86_400_000),
      endDate: new Date(Date.now() + 2 * 86_400_000),
      visibility: 'draft',
    })
    const asMember = await gql(t.app, '{ event(slug: "secret-draft") { title } }', {
      token: await tokenFor('member1@stagedoor.test'),
    })
    expect(asMember.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    const list = await gql(t.app, '{ events { slug } }', { token: await tokenFor('member1@stagedoor.test') })
    expect(JSON.stringify(list.body)).not.toContain('secret-draft')
    const asAdmin = await gql<{ event: { title: string } }>(
      t.app,
      '{ event(slug: "secret-draft") { title } }',
      {
        token: await tokenFor('sitrmd@stagedoor.test'),
      },
    )
    expect(asAdmin.body.data?.event.title).toBe('Secret draft')
  })
})

describe('demo learning tracks', () => {
  it('seeds a playable WAV per singing part for the sing-through’s first numbers', async () => {
    const tracks = await t.app.services.db.select().from(learningTracks)
    const numbers = new Set(tracks.map((r) => r.numberId))
    expect(numbers.size).toBe(3)
    expect(tracks.length).toBeGreaterThanOrEqual(9)
    const first = tracks[0]!
    const { body } = await t.app.services.storage.get(first.fileKey)
    const chunks: Buffer[] = []
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array))
    const wav = Buffer.concat(chunks)
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect(wav.subarray(8, 12).toString('latin1')).toBe('WAVE')
    expect(wav.length).toBe(first.size)
    // A second seed adds none.
    await seedDemo(t.app.services)
    expect(await t.app.services.db.select().from(learningTracks)).toHaveLength(tracks.length)
  })
})
