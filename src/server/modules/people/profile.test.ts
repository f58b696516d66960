import { eq } from 'drizzle-orm'
import { unzipSync, strFromU8 } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  applications,
  mailingLists,
  mailingListSubscribers,
  outbox,
  payments,
  profiles,
  users,
} from '#server/db/schema/index.ts'
import { USER_DELETED_CLOSE_CODE } from '#server/realtime/user-sockets.ts'
import { samplePdf } from '#server/storage/sample-files.ts'
import {
  createUser,
  insertApplication,
  insertReleasableEvent,
  type TestUser,
} from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { connected, watchSubscriptions, wsClient } from '#server/testing/ws-client.ts'

let t: TestApp
let url: string

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  await t.app.services.db.insert(mailingLists).values([
    { slug: 'news', name: 'News', description: 'What is on' },
    { slug: 'committee', name: 'Committee', isPublic: false },
  ])
})
afterAll(async () => t?.close())

const PROFILE_FIELDS = `id email preferredName pronouns phone voicePart bio socialListOptIn photoUrl
  emergencyContact { name phone relationship } instruments { instrument level }
  emailPreferences { eventAnnouncements reminders }`
const UPDATE = `mutation Update($input: ProfileInput!) { updateMyProfile(input: $input) { ${PROFILE_FIELDS} } }`
const DELETE = 'mutation Delete($confirmEmail: String!) { deleteMyAccount(confirmEmail: $confirmEmail) }'

const fullProfile = {
  preferredName: 'Ada Lovelace',
  pronouns: 'she/her',
  phone: '+44 7700 900123',
  emergencyContact: { name: 'Byron', phone: '07700 900456', relationship: 'Father' },
  voicePart: 'alto 1',
  instruments: [{ instrument: 'Violin', level: 'advanced' }],
  dietaryRequirements: 'Vegetarian',
  accessNeeds: '',
  bio: 'Sings and counts.',
  socialListOptIn: true,
  emailPreferences: { eventAnnouncements: false, reminders: true },
}

async function multipart(data: Buffer, type: string, filename: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(data)], { type }), filename)
  const encoded = new Response(form)
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  }
}

async function uploadPhoto(token: string | null, data: Buffer, type = 'image/png', filename = 'me.png') {
  const body = await multipart(data, type, filename)
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/photo',
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  })
}

const exportData = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/me/export',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })

describe('my profile', () => {
  it('saves every field through the one schema, and refuses bad ones by path with nothing written', async () => {
    const member = await createUser(t.app, { name: 'Ada' })
    const before = await gql(t.app, `{ myProfile { ${PROFILE_FIELDS} } }`, { token: member.token })
    expect(before.body.data).toMatchObject({ myProfile: { preferredName: 'Ada', phone: '', photoUrl: null } })

    const saved = await gql(t.app, UPDATE, { token: member.token, variables: { input: fullProfile } })
    expect(saved.body.errors).toBeUndefined()
    const { dietaryRequirements: _d, accessNeeds: _a, ...shown } = fullProfile
    expect(saved.body.data).toMatchObject({ updateMyProfile: shown })

    const bad = await gql(t.app, UPDATE, {
      token: member.token,
      variables: { input: { ...fullProfile, phone: 'call me', voicePart: 'castrato', bio: 'changed' } },
    })
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    const paths = (bad.body.errors?.[0]?.extensions as { fields?: { path: string }[] }).fields?.map(
      (f) => f.path,
    )
    expect(paths).toEqual(['phone', 'voicePart'])
    const [row] = await t.app.services.db.select().from(profiles).where(eq(profiles.userId, member.id))
    expect(row?.bio).toBe('Sings and counts.')
  })

  it('is for signed-in members only', async () => {
    const res = await gql(t.app, '{ myProfile { id } }')
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED')
  })
})

describe('profile photo', () => {
  let member: TestUser
  beforeAll(async () => {
    member = await createUser(t.app, { name: 'Pat Photo' })
  })

  it('crops an image to a 512 px square, served by a signed URL', async () => {
    const wide = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#7c3aed' } })
      .png()
      .toBuffer()
    const res = await uploadPhoto(member.token, wide)
    expect(res.statusCode).toBe(201)
    const { photoUrl } = res.json() as { photoUrl: string }
    expect(photoUrl).toMatch(/^\/api\/files\/profiles\/.+\.webp\?exp=\d+&sig=/)
    const file = await t.app.inject({ method: 'GET', url: photoUrl })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/webp')
    const meta = await sharp(file.rawPayload).metadata()
    expect([meta.width, meta.height]).toEqual([512, 512])
    // Unsigned: refused.
    expect((await t.app.inject({ method: 'GET', url: photoUrl.split('?')[0]! })).statusCode).toBe(403)
  })

  it('refuses a file that is not an image, whatever it claims to be', async () => {
    const asPng = await uploadPhoto(member.token, samplePdf(), 'image/png', 'me.png')
    expect(asPng.statusCode).toBe(415)
    expect(asPng.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    const asPdf = await uploadPhoto(member.token, samplePdf(), 'application/pdf', 'me.pdf')
    expect(asPdf.statusCode).toBe(415)
  })

  it('refuses a photo over 5 MB', async () => {
    const big = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    const res = await uploadPhoto(member.token, Buffer.concat([big, Buffer.alloc(5 * 1024 * 1024)]))
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'A profile photo can be at most 5 MB.',
    })
  })

  it('needs a sign-in', async () => {
    const res = await uploadPhoto(null, Buffer.from('x'))
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('UNAUTHENTICATED')
  })
})

describe('changing email', () => {
  it('refuses an address another account uses, plainly', async () => {
    const member = await createUser(t.app)
    const other = await createUser(t.app)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie: member.cookie },
      payload: { newEmail: other.email.toUpperCase(), callbackURL: '/profile' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'EMAIL_IN_USE' })
  })

  it('sends a verification link to a free address and changes nothing until it is opened', async () => {
    const member = await createUser(t.app)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie: member.cookie },
      payload: { newEmail: 'brand-new@stagedoor.test', callbackURL: '/profile' },
    })
    expect(res.statusCode).toBe(200)
    const [user] = await t.app.services.db.select().from(users).where(eq(users.id, member.id))
    expect(user?.email).toBe(member.email)
    const mail = await t.app.services.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'brand-new@stagedoor.test'))
    expect(mail).toHaveLength(1)
  })
})

describe('my mailing lists', () => {
  it('subscribes and unsubscribes the member’s own address; a private list is not offered', async () => {
    const member = await createUser(t.app)
    const SET =
      'mutation Set($slug: String!, $on: Boolean!) { setMyMailingList(slug: $slug, subscribed: $on) { slug subscribed } }'
    const on = await gql(t.app, SET, { token: member.token, variables: { slug: 'news', on: true } })
    expect(on.body.data).toEqual({ setMyMailingList: [{ slug: 'news', subscribed: true }] })
    const off = await gql(t.app, SET, { token: member.token, variables: { slug: 'news', on: false } })
    expect(off.body.data).toEqual({ setMyMailingList: [{ slug: 'news', subscribed: false }] })
    const secret = await gql(t.app, SET, { token: member.token, variables: { slug: 'committee', on: true } })
    expect(secret.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
  })
})

describe('export my data', () => {
  it('is a zip of the member’s profile, applications, payments and photo; 401 when not signed in', async () => {
    expect((await exportData()).statusCode).toBe(401)
    const member = await createUser(t.app, { name: 'Exa Porter' })
    await gql(t.app, UPDATE, {
      token: member.token,
      variables: { input: { ...fullProfile, preferredName: 'Exa' } },
    })
    const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    expect((await uploadPhoto(member.token, photo)).statusCode).toBe(201)
    const event = await insertReleasableEvent(t.app)
    const application = await insertApplication(t.app, {
      eventId: event.id,
      userId: member.id,
      status: 'CONFIRMED',
    })
    await t.app.services.db
      .insert(payments)
      .values({ applicationId: application.id, lineKey: 'fee', amountPence: 1500, method: 'CASH' })

    const res = await exportData(member.token)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="stagedoor-data-.+\.zip"/)
    const files = unzipSync(new Uint8Array(res.rawPayload))
    expect(Object.keys(files).sort()).toEqual(['attachments/profile-photo.webp', 'stagedoor-data.json'])
    const data = JSON.parse(strFromU8(files['stagedoor-data.json']!))
    expect(data.account).toMatchObject({ id: member.id, email: member.email })
    expect(data.profile).toMatchObject({ preferredName: 'Exa', phone: fullProfile.phone })
    expect(data.applications).toHaveLength(1)
    expect(data.applications[0]).toMatchObject({ status: 'CONFIRMED', payments: [{ amountPence: 1500 }] })
    expect(JSON.stringify(data)).not.toMatch(/password|accessToken|"token"/i)
  })
})

describe('delete my account', () => {
  it('is refused when not signed in, unconfirmed, or for the last superAdmin', async () => {
    expect(
      (await gql(t.app, DELETE, { variables: { confirmEmail: 'x@y.z' } })).body.errors?.[0]?.extensions?.code,
    ).toBe('UNAUTHENTICATED')
    const member = await createUser(t.app)
    const wrong = await gql(t.app, DELETE, {
      token: member.token,
      variables: { confirmEmail: 'someone@else.test' },
    })
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    const chair = await createUser(t.app, { roles: ['superAdmin'] })
    const last = await gql(t.app, DELETE, { token: chair.token, variables: { confirmEmail: chair.email } })
    expect(last.body.errors?.[0]).toMatchObject({
      extensions: { code: 'CONFLICT' },
      message: /only superAdmin/,
    })
    expect(await t.app.services.db.select().from(users).where(eq(users.id, chair.id))).toHaveLength(1)
  })

  it('removes the person, keeps applications and payments anonymised, and answers 401 USER_DELETED everywhere', async () => {
    const member = await createUser(t.app, { name: 'Del Eted' })
    await gql(t.app, UPDATE, {
      token: member.token,
      variables: { input: { ...fullProfile, preferredName: 'Del' } },
    })
    const event = await insertReleasableEvent(t.app)
    const application = await insertApplication(t.app, {
      eventId: event.id,
      userId: member.id,
      status: 'CONFIRMED',
    })
    await t.app.services.db
      .update(applications)
      .set({ answers: { why: 'I love Handel' } })
      .where(eq(applications.id, application.id))
    await t.app.services.db
      .insert(payments)
      .values({ applicationId: application.id, lineKey: 'fee', amountPence: 1500, method: 'CASH' })
    await gql(t.app, 'mutation { setMyMailingList(slug: "news", subscribed: true) { slug } }', {
      token: member.token,
    })

    const subscriptions = watchSubscriptions(t.app.services.bus)
    const socket = wsClient(url, member.token)
    const closed = new Promise<number>((resolve) =>
      socket.on('closed', (e) => resolve((e as CloseEvent).code)),
    )
    socket.subscribe(
      { query: 'subscription { myAccountChanged }' },
      { next: () => {}, error: () => {}, complete: () => {} },
    )
    await connected(socket)
    await subscriptions.registered('USER_CHANGED')
    subscriptions.stop()

    const res = await gql(t.app, DELETE, {
      token: member.token,
      variables: { confirmEmail: member.email.toUpperCase() },
    })
    expect(res.body).toEqual({ data: { deleteMyAccount: true } })
    expect(await closed).toBe(USER_DELETED_CLOSE_CODE)
    await socket.dispose()

    const { db } = t.app.services
    expect(await db.select().from(users).where(eq(users.id, member.id))).toEqual([])
    expect(await db.select().from(profiles).where(eq(profiles.userId, member.id))).toEqual([])
    expect(
      await db.select().from(mailingListSubscribers).where(eq(mailingListSubscribers.email, member.email)),
    ).toEqual([])
    const [kept] = await db.select().from(applications).where(eq(applications.eventId, event.id))
    expect(kept).toMatchObject({ id: application.id, status: 'CONFIRMED', answers: {} })
    const [holder] = await db.select().from(users).where(eq(users.id, kept!.userId))
    expect(holder).toMatchObject({ name: 'Deleted member', roles: [] })
    expect(holder?.email).toMatch(/@deleted\.invalid$/)
    expect(await db.select().from(payments).where(eq(payments.applicationId, application.id))).toHaveLength(1)
    const mail = await db.select().from(outbox).where(eq(outbox.to, member.email))
    expect(mail.map((m) => m.template)).toContain('account.deleted')

    // The deleted user's token: 401 USER_DELETED on GraphQL, uploads, the photo route and the export.
    const graph = await gql(t.app, '{ currentUser { id } }', { token: member.token })
    expect(graph.status).toBe(401)
    expect(graph.body.errors?.[0]?.extensions?.code).toBe('USER_DELETED')
    const body = await multipart(Buffer.from('x'), 'image/png', 'a.png')
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': body.contentType, authorization: `Bearer ${member.token}` },
      payload: body.payload,
    })
    expect([upload.statusCode, upload.json().error.code]).toEqual([401, 'USER_DELETED'])
    const photo = await uploadPhoto(member.token, Buffer.from('x'))
    expect([photo.statusCode, photo.json().error.code]).toEqual([401, 'USER_DELETED'])
    const exported = await exportData(member.token)
    expect([exported.statusCode, exported.json().error.code]).toEqual([401, 'USER_DELETED'])

    // Realtime: a new connection with the token is refused.
    const again = wsClient(url, member.token)
    await expect(connected(again)).rejects.toBeDefined()
    await again.dispose()
  })
})

describe('inactive profiles', () => {
  it('lists members inactive for RETENTION_YEARS to superAdmins only', async () => {
    const chair = await createUser(t.app, { roles: ['superAdmin'] })
    const member = await createUser(t.app)
    const old = await createUser(t.app, { name: 'Long Gone' })
    await t.app.services.db
      .update(users)
      .set({ createdAt: new Date('2015-01-01T00:00:00Z') })
      .where(eq(users.id, old.id))
    await t.app.services.db.execute(
      // Their session is as old as they are.
      `update sessions set updated_at = '2015-01-02T00:00:00Z' where user_id = '${old.id}'`,
    )
    const QUERY = '{ inactiveProfiles { id name lastActiveAt } }'
    expect((await gql(t.app, QUERY, { token: member.token })).body.errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    )
    const res = await gql<{ inactiveProfiles: { id: string; name: string }[] }>(t.app, QUERY, {
      token: chair.token,
    })
    const ids = res.body.data?.inactiveProfiles.map((p) => p.id)
    expect(ids).toContain(old.id)
    expect(ids).not.toContain(member.id)

    // The page's label says how many years: the setting, superAdmins only.
    const YEARS = '{ retentionYears }'
    expect((await gql(t.app, YEARS, { token: member.token })).body.errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    )
    const years = await gql<{ retentionYears: number }>(t.app, YEARS, { token: chair.token })
    expect(years.body.data?.retentionYears).toBe(t.app.services.config.retentionYears)
  })
})
