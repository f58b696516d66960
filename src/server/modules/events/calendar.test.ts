import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from '#server/demo/demo.ts'
import { DEMO_EVENT_SLUGS } from '#server/demo/demo-events.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { createUser } from '#server/testing/factories.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  await seedDemo(t.app.services)
})
afterAll(() => t.close())

/** Parse with a real iCalendar parser; throws on anything invalid. */
function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text))
  return component.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
}

/** A demo member's access token, signed in over HTTP as the app does. */
async function demoToken(email: string): Promise<string> {
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl },
    payload: { email, password: 'stagedoor-demo' },
  })
  const cookie = ([] as string[])
    .concat(signIn.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ')
  return (await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })).json<{
    token: string
  }>().token
}

describe('calendar feeds', () => {
  it('the public feed is valid iCalendar with the public events and no unrevealed show name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/calendar/public.ics' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/calendar')
    const vevents = parse(res.body)
    const summaries = vevents.map((e) => e.summary)
    expect(summaries).toEqual(
      expect.arrayContaining(['Messiah Sing-through', 'Winter Concert', 'Winter Formal']),
    )
    expect(res.body).not.toContain('Into the Woods')
    const messiah = vevents.find((e) => e.summary === 'Messiah Sing-through')!
    expect(messiah.location).toContain('St Cecilia')
    expect(messiah.endDate.toJSDate().getTime()).toBeGreaterThan(messiah.startDate.toJSDate().getTime())
  })

  it("a member's private feed lists their events; renewing it revokes the old URL", async () => {
    const token = await demoToken('member1@stagedoor.test')
    expect((await gql(t.app, '{ myCalendarFeed }', { token })).body.data).toEqual({ myCalendarFeed: null })
    const first = (
      await gql<{ renewCalendarFeed: string }>(t.app, 'mutation { renewCalendarFeed }', { token })
    ).body.data!.renewCalendarFeed
    const path = new URL(first).pathname
    const feed = await t.app.inject({ method: 'GET', url: path })
    expect(feed.statusCode).toBe(200)
    const entries = parse(feed.body)
    expect(entries.map((e) => e.summary)).toContain('Messiah Sing-through')
    // member1 holds a place at the sing-through: its two rehearsals are entries of their own, all day,
    // and the performance is not repeated (issue 29: the feed promised rehearsals and had none).
    const rehearsals = entries.filter((e) => e.summary.startsWith('Messiah Sing-through: '))
    expect(rehearsals.map((e) => e.summary)).toEqual([
      'Messiah Sing-through: Chorus rehearsal',
      'Messiah Sing-through: Rehearsal with orchestra',
    ])
    for (const r of rehearsals) expect(r.startDate.isDate).toBe(true)
    expect(new Set(entries.map((e) => e.uid)).size).toBe(entries.length)

    const second = (
      await gql<{ renewCalendarFeed: string }>(t.app, 'mutation { renewCalendarFeed }', { token })
    ).body.data!.renewCalendarFeed
    expect(second).not.toBe(first)
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: new URL(second).pathname })).statusCode).toBe(200)
  })

  it('a member without applications gets a valid, empty feed; a made-up token gets 404', async () => {
    const member = await createUser(t.app)
    const url = (
      await gql<{ renewCalendarFeed: string }>(t.app, 'mutation { renewCalendarFeed }', {
        token: member.token,
      })
    ).body.data!.renewCalendarFeed
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname })
    expect(parse(feed.body)).toEqual([])
    const bogus = await t.app.inject({ method: 'GET', url: '/api/calendar/member/not-a-real-token.ics' })
    expect(bogus.statusCode).toBe(404)
    expect(bogus.json().error.code).toBe('NOT_FOUND')
  })

  it('the event page lists its rehearsals for a participant only', async () => {
    const query = `{ event(slug: "${DEMO_EVENT_SLUGS.singthrough}") { myRehearsals { date kind label } } }`
    type Answer = { event: { myRehearsals: { date: string; kind: string; label: string }[] } }
    const participant = await gql<Answer>(t.app, query, { token: await demoToken('member1@stagedoor.test') })
    expect(participant.body.data?.event.myRehearsals.map((r) => r.label)).toEqual([
      'Chorus rehearsal',
      'Rehearsal with orchestra',
    ])
    const outsider = await createUser(t.app)
    expect(
      (await gql<Answer>(t.app, query, { token: outsider.token })).body.data?.event.myRehearsals,
    ).toEqual([])
    expect((await gql<Answer>(t.app, query)).body.data?.event.myRehearsals).toEqual([])
  })

  it("feeds are in the society's time zone from its settings, not the environment's", async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/calendar/public.ics' })
    expect(before.body).toContain(`X-WR-TIMEZONE:${t.config.timeZone}`)
    expect(t.config.timeZone).not.toBe('America/New_York')
    const saved = await gql<{ updateSocietySettings: { timeZone: string } }>(
      t.app,
      `mutation ($input: SocietySettingsInput!) { updateSocietySettings(input: $input) { timeZone } }`,
      {
        token: await demoToken('superadmin@stagedoor.test'),
        variables: {
          input: {
            name: 'Camford Musical Theatre Society',
            shortName: 'CMTS',
            logoUrl: '',
            accentColour: '#1D4ED8',
            supportEmail: 'committee@cmts.test',
            timeZone: 'America/New_York',
            bank: {
              accountName: 'CMTS',
              sortCode: '12-34-56',
              accountNumber: '12345678',
              referenceFormat: 'cmts-{ref}',
            },
          },
        },
      },
    )
    expect(saved.body.data?.updateSocietySettings.timeZone).toBe('America/New_York')
    const after = await t.app.inject({ method: 'GET', url: '/api/calendar/public.ics' })
    expect(after.body).toContain('X-WR-TIMEZONE:America/New_York')
    expect(after.body).toContain('X-WR-CALNAME:CMTS events')
    expect(parse(after.body).length).toBeGreaterThan(0)
    expect(after.body).toContain('TIMEZONE-ID:America/New_York')
  })
})
