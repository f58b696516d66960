import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplicationStatus } from '#core/applications/status.ts'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import type { EventType } from '#core/events/event.ts'
import { memberSidebar, type NavApplication, type NavItemKey } from '#core/navigation/member-nav.ts'
import { auditLog, events, profiles } from '#server/db/schema/index.ts'
import { samplePdf } from '#server/storage/sample-files.ts'
import { signFileUrl } from '#server/storage/signed-url.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { createUser, insertApplication, type TestUser } from '#server/testing/factories.ts'

let t: TestApp
let admin: TestUser
let outsider: TestUser

const DAY = 86_400_000
const NOW = new Date()
const STATUSES: ApplicationStatus[] = ['SUBMITTED', 'OFFERED', 'CONFIRMED', 'PAID', 'DECLINED', 'WITHDRAWN']
/** `helper` pays for a social line, so Social Links is not theirs. */
const TYPES = ['singer', 'orchestra', 'helper'] as const
const EVENT_TYPES: EventType[] = ['SINGTHROUGH', 'CONCERT']
const FLAGS = [false, true].flatMap((info) =>
  [false, true].flatMap((final) => [false, true].map((cast) => ({ info, final, cast }))),
)
const PARTS = ['Soprano', 'Alto', 'Tenor', 'Bass']

/** Page → its sidebar item and a GraphQL selection of its data. */
const PAGES: { key: NavItemKey; field: string }[] = [
  { key: 'infoPack', field: 'participantInfoPack(eventSlug: $slug) { html applicationType }' },
  { key: 'venueAccess', field: 'venueAccess(eventSlug: $slug) { venue mapUrl html }' },
  { key: 'castList', field: 'castList(eventSlug: $slug) { parts members { part name } }' },
  { key: 'partBreakdown', field: 'partBreakdown(eventSlug: $slug) { parts ownPart }' },
  { key: 'socialLinks', field: 'socialLinks(eventSlug: $slug) { html }' },
]

/**
 * Ask for every page, one request each (a refused non-null root field ends the whole response, so one
 * request per page keeps each answer apart): the pages refused (all must be NOT_FOUND) and the data.
 */
async function pages(options: {
  token?: string
  slug: string
  preview?: { applicationType: string; status: string }
}) {
  const refused = new Set<string>()
  const data: Record<string, Record<string, unknown>> = {}
  const codes: string[] = []
  for (const page of PAGES) {
    const field = options.preview
      ? page.field.replace('(eventSlug: $slug)', '(eventSlug: $slug, preview: $preview)')
      : page.field
    const vars = options.preview ? '($slug: String!, $preview: ParticipantPreviewInput!)' : '($slug: String!)'
    const res = await gql<Record<string, Record<string, unknown>>>(
      t.app,
      `query${vars} { ${page.key}: ${field} }`,
      {
        ...(options.token ? { token: options.token } : {}),
        variables: { slug: options.slug, ...(options.preview ? { preview: options.preview } : {}) },
      },
    )
    const error = res.body.errors?.[0]
    if (error) {
      refused.add(page.key)
      codes.push(`${error.extensions?.code}: ${error.message}`)
    } else data[page.key] = res.body.data![page.key]!
  }
  return { refused, data, codes }
}

function config(flags: { info: boolean; final: boolean; cast: boolean }) {
  return parseEventConfig({
    permissions: {
      releaseParticipantInfoPack: flags.info,
      releaseFinalParticipantInfo: flags.final,
      releaseCastList: flags.cast,
    },
    applicationTypes: {
      singer: { label: 'Singer' },
      orchestra: { label: 'Orchestra' },
      helper: { label: 'Helper' },
    },
    paymentLines: {
      singer: [{ key: 'participation', label: 'Participation', amountPence: 800 }],
      helper: [{ key: 'social', label: 'After-party', amountPence: 1200 }],
    },
    content: {
      infoPack: {
        singer: '# Singers\n\nBring a score.',
        orchestra: 'Orchestra call 1pm.',
        helper: 'Helpers.',
      },
      venueAccess: 'Door code **4321**. Step-free via the side door.',
      socialLinks: '[Group chat](https://chat.example.org/x)',
      ticketSales: 'Tickets £10.',
      cancellationsAndRefunds: 'Refunds until a week before.',
    },
    parts: PARTS,
  })
}

type EventRow = typeof events.$inferSelect

async function insertEvent(
  slug: string,
  type: EventType,
  flags: { info: boolean; final: boolean; cast: boolean },
  extra: Partial<typeof events.$inferInsert> = {},
) {
  const [row] = await t.app.services.db
    .insert(events)
    .values({
      slug,
      type,
      title: `Event ${slug}`,
      venue: 'Great Hall, 1 College Road',
      startDate: new Date(NOW.getTime() + 10 * DAY),
      endDate: new Date(NOW.getTime() + 11 * DAY),
      visibility: 'members',
      eventConfig: config(flags),
      ...extra,
    })
    .returning()
  return row!
}

async function apply(
  user: TestUser,
  event: EventRow,
  applicationType: string,
  status: ApplicationStatus,
  part: string | null = null,
) {
  await insertApplication(t.app, { eventId: event.id, userId: user.id, applicationType, status, part })
}

/** What the sidebar shows for one application: the rule the server must agree with. */
function sidebarKeys(event: EventRow, applicationType: string, status: ApplicationStatus): Set<NavItemKey> {
  const cfg = parseEventConfig(event.eventConfig)
  const nav: NavApplication = {
    id: 'x',
    applicationType,
    status,
    updatedAt: NOW,
    event: {
      slug: event.slug,
      type: event.type,
      title: event.title,
      showName: null,
      startDate: event.startDate,
      endDate: event.endDate,
      eventConfig: { permissions: cfg.permissions, paymentLines: cfg.paymentLines },
    },
  }
  const sections = memberSidebar({ signedIn: true, applications: [nav], now: new Date() })
  return new Set(sections.filter((s) => s.eventSlug === event.slug).flatMap((s) => s.items.map((i) => i.key)))
}

function expectNotFound(codes: string[]) {
  for (const code of codes) expect(code).toMatch(/^NOT_FOUND/)
}

const matrix: { event: EventRow; flags: (typeof FLAGS)[number] }[] = []
const members = new Map<string, TestUser>()

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  admin = await createUser(t.app, { roles: ['sitrMD'], name: 'Ada Admin' })
  outsider = await createUser(t.app, { name: 'Olly Outsider' })
  for (const status of STATUSES) {
    for (const type of TYPES)
      members.set(`${status}/${type}`, await createUser(t.app, { name: `${status} ${type}` }))
  }
  for (const eventType of EVENT_TYPES) {
    for (const flags of FLAGS) {
      const slug = `${eventType.toLowerCase()}-${+flags.info}${+flags.final}${+flags.cast}`
      const event = await insertEvent(slug, eventType, flags)
      matrix.push({ event, flags })
      for (const status of STATUSES) {
        for (const type of TYPES) {
          await apply(
            members.get(`${status}/${type}`)!,
            event,
            type,
            status,
            type === 'singer' ? 'Alto' : null,
          )
        }
      }
    }
  }
}, 120_000)
afterAll(() => t.close())

describe('each page answers exactly when the navigation rules show its item', () => {
  for (const eventType of EVENT_TYPES) {
    for (const status of STATUSES) {
      for (const type of TYPES) {
        it(`${status} ${type} at every ${eventType} release combination`, async () => {
          const user = members.get(`${status}/${type}`)!
          for (const { event, flags } of matrix.filter((m) => m.event.type === eventType)) {
            const shown = sidebarKeys(event, type, status)
            const real = await pages({ token: user.token, slug: event.slug })
            expectNotFound(real.codes)
            for (const page of PAGES) {
              expect(real.refused.has(page.key), `${page.key} ${JSON.stringify(flags)}`).toBe(
                !shown.has(page.key),
              )
            }
            if (shown.has('partBreakdown'))
              expect(real.data.partBreakdown!.ownPart).toBe(type === 'singer' ? 'Alto' : null)
            if (shown.has('infoPack')) expect(real.data.infoPack!.applicationType).toBe(type)
            // The admin sandbox answers the same through the same rule, as such a member.
            const preview = await pages({
              token: admin.token,
              slug: event.slug,
              preview: { applicationType: type, status },
            })
            expectNotFound(preview.codes)
            for (const page of PAGES) {
              expect(preview.refused.has(page.key), `preview ${page.key} ${JSON.stringify(flags)}`).toBe(
                !shown.has(page.key),
              )
            }
            if (shown.has('partBreakdown')) expect(preview.data.partBreakdown!.ownPart).toBeNull()
          }
        }, 60_000)
      }
    }
  }

  it('anonymous callers and members without an application get NOT_FOUND everywhere', async () => {
    const { event } = matrix.find((m) => m.flags.info && m.flags.final && m.flags.cast)!
    for (const token of [undefined, outsider.token]) {
      const res = await pages({ ...(token ? { token } : {}), slug: event.slug })
      expectNotFound(res.codes)
      expect(res.refused).toEqual(new Set(PAGES.map((p) => p.key)))
    }
  })

  it('a confirmed member of a draft event gets NOT_FOUND; an admin sees every page', async () => {
    const draft = await insertEvent(
      'draft-sing',
      'SINGTHROUGH',
      { info: true, final: true, cast: true },
      { visibility: 'draft' },
    )
    const member = members.get('CONFIRMED/singer')!
    await apply(member, draft, 'singer', 'CONFIRMED', 'Tenor')
    const asMember = await pages({ token: member.token, slug: draft.slug })
    expectNotFound(asMember.codes)
    expect(asMember.refused.size).toBe(PAGES.length)
    const asAdmin = await pages({ token: admin.token, slug: draft.slug })
    expect(asAdmin.codes).toEqual([])
  })

  it('an unknown event is NOT_FOUND', async () => {
    const res = await pages({ token: admin.token, slug: 'no-such-event' })
    expectNotFound(res.codes)
    expect(res.refused.size).toBe(PAGES.length)
  })

  it('preview is for admins only: FORBIDDEN to members', async () => {
    const { event } = matrix[0]!
    const res = await pages({
      token: members.get('CONFIRMED/singer')!.token,
      slug: event.slug,
      preview: { applicationType: 'singer', status: 'CONFIRMED' },
    })
    expect(res.codes).toHaveLength(PAGES.length)
    for (const code of res.codes) expect(code).toMatch(/^FORBIDDEN/)
  })
})

describe('page data', () => {
  const released = () =>
    matrix.find((m) => m.event.type === 'SINGTHROUGH' && m.flags.info && m.flags.final)!.event

  it('venue access: venue, an OpenStreetMap link and the sanitised content', async () => {
    const res = await gql<{ venueAccess: { venue: string; mapUrl: string; html: string } }>(
      t.app,
      'query($slug: String!) { venueAccess(eventSlug: $slug) { venue mapUrl html } }',
      { token: members.get('PAID/singer')!.token, variables: { slug: released().slug } },
    )
    expect(res.body.data?.venueAccess).toEqual({
      venue: 'Great Hall, 1 College Road',
      mapUrl: 'https://www.openstreetmap.org/search?query=Great%20Hall%2C%201%20College%20Road',
      html: expect.stringContaining('<strong>4321</strong>'),
    })
  })

  it('cast list: CONFIRMED and PAID members by part (parts in order, then unassigned), preferred names and pronouns', async () => {
    const event = released()
    const paid = members.get('PAID/singer')!
    await t.app.services.db
      .insert(profiles)
      .values({ userId: paid.id, slug: 'paid-singer', preferredName: 'Pat', pronouns: 'they/them' })
    const res = await gql<{
      castList: { parts: string[]; members: { part: string | null; name: string; pronouns: string | null }[] }
    }>(
      t.app,
      'query($slug: String!) { castList(eventSlug: $slug) { parts members { part name pronouns } } }',
      {
        token: members.get('CONFIRMED/singer')!.token,
        variables: { slug: event.slug },
      },
    )
    expect(res.body.data?.castList).toEqual({
      parts: ['Alto'],
      members: [
        { part: 'Alto', name: 'CONFIRMED singer', pronouns: null },
        { part: 'Alto', name: 'Pat', pronouns: 'they/them' },
        { part: null, name: 'CONFIRMED helper', pronouns: null },
        { part: null, name: 'CONFIRMED orchestra', pronouns: null },
        { part: null, name: 'PAID helper', pronouns: null },
        { part: null, name: 'PAID orchestra', pronouns: null },
      ],
    })
  })

  it('ticket sales and cancellations: for anyone who can see the event', async () => {
    const event = await insertEvent(
      'public-concert',
      'CONCERT',
      { info: false, final: false, cast: false },
      { visibility: 'public' },
    )
    const q =
      'query($slug: String!) { ticketSalesInfo(eventSlug: $slug) { html } cancellationsInfo(eventSlug: $slug) { html } }'
    const anon = await gql<{ ticketSalesInfo: { html: string }; cancellationsInfo: { html: string } }>(
      t.app,
      q,
      {
        variables: { slug: event.slug },
      },
    )
    expect(anon.body.data?.ticketSalesInfo.html).toContain('Tickets £10.')
    expect(anon.body.data?.cancellationsInfo.html).toContain('Refunds until a week before.')
    const membersOnly = await gql(t.app, q, { variables: { slug: released().slug } })
    expect(membersOnly.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    expect(
      (await gql(t.app, q, { token: outsider.token, variables: { slug: released().slug } })).body.errors,
    ).toBeUndefined()
  })

  it('sandbox sidebar: the member sidebar of such a member', async () => {
    const res = await gql<{ sandboxSidebar: { section: number; key: string }[] }>(
      t.app,
      'query($slug: String!) { sandboxSidebar(eventSlug: $slug, applicationType: "orchestra", status: CONFIRMED) { section key } }',
      { token: admin.token, variables: { slug: released().slug } },
    )
    expect(res.body.data?.sandboxSidebar.map((i) => `${i.section}:${i.key}`)).toEqual([
      '0:events',
      '0:profile',
      '0:applications',
      '1:castList',
      '1:infoPack',
      '1:venueAccess',
      '1:socialLinks',
    ])
    const forbidden = await gql(
      t.app,
      'query($slug: String!) { sandboxSidebar(eventSlug: $slug, applicationType: "singer", status: PAID) { key } }',
      { token: outsider.token, variables: { slug: released().slug } },
    )
    expect(forbidden.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
  })
})

describe('part breakdown editing', () => {
  const slug = () => matrix.find((m) => m.event.type === 'SINGTHROUGH' && m.flags.info)!.event.slug
  const IMPORT = `mutation($slug: String!, $csv: String!) { importPartBreakdownCsv(eventSlug: $slug, csv: $csv) { numbers { id label title } cells { numberId part note } } }`
  type Numbers = {
    numbers: { id: string; label: string; title: string }[]
    cells: { numberId: string; part: string; note: string }[]
  }

  it('imports a CSV, all or nothing; unknown parts are refused with their names', async () => {
    const ok = await gql<{ importPartBreakdownCsv: Numbers }>(t.app, IMPORT, {
      token: admin.token,
      variables: {
        slug: slug(),
        csv: 'number,title,Soprano,Alto\n1,Overture,tacet,tacet\n2,"And the glory, the glory",,divisi\n',
      },
    })
    expect(ok.body.errors).toBeUndefined()
    const imported = ok.body.data!.importPartBreakdownCsv
    expect(imported.numbers).toMatchObject([
      { label: '1', title: 'Overture' },
      { label: '2', title: 'And the glory, the glory' },
    ])
    const [first, second] = imported.numbers.map((n) => n.id)
    expect(imported.cells).toEqual([
      { numberId: first, part: 'Soprano', note: 'tacet' },
      { numberId: first, part: 'Alto', note: 'tacet' },
      { numberId: second, part: 'Alto', note: 'divisi' },
    ])
    const bad = await gql(t.app, IMPORT, {
      token: admin.token,
      variables: { slug: slug(), csv: 'number,title,Soprano,Mezzo,Countertenor\n1,Overture,solo,,\n' },
    })
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    expect(bad.body.errors?.[0]?.message).toContain('Unknown parts: Mezzo, Countertenor')
    const header = await gql(t.app, IMPORT, {
      token: admin.token,
      variables: { slug: slug(), csv: 'title,Soprano\nx,y' },
    })
    expect(header.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    const after = await gql<{ partBreakdown: Numbers }>(
      t.app,
      'query($slug: String!) { partBreakdown(eventSlug: $slug) { numbers { id label title } cells { numberId part note } } }',
      { token: members.get('CONFIRMED/singer')!.token, variables: { slug: slug() } },
    )
    expect(after.body.data?.partBreakdown.numbers.map((n) => n.title)).toEqual([
      'Overture',
      'And the glory, the glory',
    ])
    const audit = await t.app.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'partBreakdown.import'))
    expect(audit).toHaveLength(1)
  })

  it('reorders, renames, removes numbers and sets cells', async () => {
    const q =
      'query($slug: String!) { partBreakdown(eventSlug: $slug) { numbers { id label title } cells { numberId part note } } }'
    const before = (
      await gql<{ partBreakdown: Numbers }>(t.app, q, { token: admin.token, variables: { slug: slug() } })
    ).body.data!.partBreakdown.numbers
    const set = await gql<{ setEventNumbers: Numbers }>(
      t.app,
      'mutation($slug: String!, $numbers: [EventNumberInput!]!) { setEventNumbers(eventSlug: $slug, numbers: $numbers) { numbers { id label title } } }',
      {
        token: admin.token,
        variables: {
          slug: slug(),
          numbers: [
            { id: before[1]!.id, label: '2', title: 'And the glory' },
            { label: '3', title: 'Comfort ye' },
          ],
        },
      },
    )
    expect(set.body.errors).toBeUndefined()
    const numbers = set.body.data!.setEventNumbers.numbers
    expect(numbers.map((n) => n.title)).toEqual(['And the glory', 'Comfort ye'])
    expect(numbers[0]!.id).toBe(before[1]!.id)
    const cell = await gql<{ setPartBreakdownCell: Numbers }>(
      t.app,
      'mutation($slug: String!, $id: ID!) { setPartBreakdownCell(eventSlug: $slug, numberId: $id, part: "Tenor", note: "solo") { cells { numberId part note } } }',
      { token: admin.token, variables: { slug: slug(), id: numbers[1]!.id } },
    )
    expect(cell.body.data?.setPartBreakdownCell.cells).toEqual([
      { numberId: numbers[0]!.id, part: 'Alto', note: 'divisi' },
      { numberId: numbers[1]!.id, part: 'Tenor', note: 'solo' },
    ])
    const unknown = await gql(
      t.app,
      'mutation($slug: String!, $id: ID!) { setPartBreakdownCell(eventSlug: $slug, numberId: $id, part: "Kazoo", note: "solo") { eventSlug } }',
      { token: admin.token, variables: { slug: slug(), id: numbers[1]!.id } },
    )
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
  })
})

describe('info pack attachments', () => {
  const event = () => matrix.find((m) => m.event.type === 'SINGTHROUGH' && m.flags.info)!.event
  let url: string
  let key: string

  async function uploadPdf(token: string) {
    const form = new FormData()
    form.append('purpose', 'document')
    form.append(
      'file',
      new Blob([new Uint8Array(samplePdf(4000))], { type: 'application/pdf' }),
      'Schedule.pdf',
    )
    const encoded = new Response(form)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': encoded.headers.get('content-type')!, authorization: `Bearer ${token}` },
      payload: Buffer.from(await encoded.arrayBuffer()),
    })
    expect(res.statusCode).toBe(201)
    return res.json() as { key: string }
  }

  it('an admin attaches an uploaded document; the member gets a signed link to it', async () => {
    key = (await uploadPdf(admin.token)).key
    const add = await gql<{ addEventAttachment: { id: string; fileName: string } }>(
      t.app,
      'mutation($slug: String!, $key: String!) { addEventAttachment(eventSlug: $slug, applicationType: "singer", title: "Schedule", fileKey: $key) { id fileName } }',
      { token: admin.token, variables: { slug: event().slug, key } },
    )
    expect(add.body.errors).toBeUndefined()
    expect(add.body.data?.addEventAttachment.fileName).toBe('Schedule.pdf')
    const q = 'query($slug: String!) { participantInfoPack(eventSlug: $slug) { attachments { title url } } }'
    const singer = await gql<{ participantInfoPack: { attachments: { title: string; url: string }[] } }>(
      t.app,
      q,
      {
        token: members.get('CONFIRMED/singer')!.token,
        variables: { slug: event().slug },
      },
    )
    expect(singer.body.data?.participantInfoPack.attachments).toHaveLength(1)
    url = singer.body.data!.participantInfoPack.attachments[0]!.url
    const orchestra = await gql<{ participantInfoPack: { attachments: unknown[] } }>(t.app, q, {
      token: members.get('CONFIRMED/orchestra')!.token,
      variables: { slug: event().slug },
    })
    expect(orchestra.body.data?.participantInfoPack.attachments).toEqual([])
    const file = await t.app.inject({ method: 'GET', url })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('application/pdf')
  })

  it('refuses a file that was never uploaded, and a non-document', async () => {
    const res = await gql(
      t.app,
      'mutation($slug: String!) { addEventAttachment(eventSlug: $slug, title: "X", fileKey: "uploads/document/nope.pdf") { id } }',
      { token: admin.token, variables: { slug: event().slug } },
    )
    expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    const image = await gql(
      t.app,
      'mutation($slug: String!) { addEventAttachment(eventSlug: $slug, title: "X", fileKey: "uploads/image/a.png") { id } }',
      { token: admin.token, variables: { slug: event().slug } },
    )
    expect(image.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
  })

  it('a tampered or expired link is 403; an out-of-range Range is 416', async () => {
    const tampered = url.replace(/sig=([^&]+)/, (_m, sig: string) => `sig=${sig.slice(0, -2)}AA`)
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403)
    const expired = signFileUrl(key, t.config.authSecret, 60, Date.now() - 3_600_000)
    const expiredRes = await t.app.inject({ method: 'GET', url: expired })
    expect(expiredRes.statusCode).toBe(403)
    expect(expiredRes.body).toContain('expired')
    const range = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=999999-1000000' } })
    expect(range.statusCode).toBe(416)
    const partial = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } })
    expect(partial.statusCode).toBe(206)
  })

  it('removes an attachment', async () => {
    const list = await gql<{ eventAttachments: { id: string }[] }>(
      t.app,
      'query($slug: String!) { eventAttachments(eventSlug: $slug) { id } }',
      { token: admin.token, variables: { slug: event().slug } },
    )
    const id = list.body.data!.eventAttachments[0]!.id
    const res = await gql(t.app, 'mutation($id: ID!) { removeEventAttachment(id: $id) }', {
      token: admin.token,
      variables: { id },
    })
    expect(res.body.errors).toBeUndefined()
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404)
  })
})

describe('social list', () => {
  it('shows upcoming socials; who is going only to signed-in viewers and only those who opted in', async () => {
    const social = await insertEvent(
      'winter-social',
      'SOCIAL',
      { info: false, final: false, cast: false },
      { visibility: 'public' },
    )
    const going = members.get('PAID/helper')!
    const shy = members.get('CONFIRMED/helper')!
    await apply(going, social, 'helper', 'PAID')
    await apply(shy, social, 'helper', 'CONFIRMED')
    const opt = await gql(t.app, 'mutation { setSocialListOptIn(optIn: true) }', { token: going.token })
    expect(opt.body.errors).toBeUndefined()
    const q = '{ socialList { signedIn optIn events { slug } going { eventSlug name } } }'
    type SL = {
      socialList: {
        signedIn: boolean
        optIn: boolean | null
        events: { slug: string }[]
        going: { eventSlug: string; name: string }[]
      }
    }
    const asMember = await gql<SL>(t.app, q, { token: outsider.token })
    expect(asMember.body.data?.socialList).toEqual({
      signedIn: true,
      optIn: false,
      events: [{ slug: 'winter-social' }],
      going: [{ eventSlug: 'winter-social', name: 'PAID helper' }],
    })
    const anon = await gql<SL>(t.app, q)
    expect(anon.body.data?.socialList).toEqual({
      signedIn: false,
      optIn: null,
      events: [{ slug: 'winter-social' }],
      going: [],
    })
    await gql(t.app, 'mutation { setSocialListOptIn(optIn: false) }', { token: going.token })
    const after = await gql<SL>(t.app, q, { token: going.token })
    expect(after.body.data?.socialList).toMatchObject({ optIn: false, going: [] })
    const [profile] = await t.app.services.db
      .select()
      .from(profiles)
      .where(and(eq(profiles.userId, going.id)))
    expect(profile?.socialListOptIn).toBe(false)
  })
})
