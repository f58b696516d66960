import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, jobs, outbox, roleTerms, users } from '#server/db/schema/index.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { USER_CHANGED_CLOSE_CODE } from '#server/realtime/user-sockets.ts'
import { connected, watchSubscriptions, wsClient } from '#server/testing/ws-client.ts'

let t: TestApp
let url: string
let now = new Date('2027-06-01T12:00:00Z')
let chair: TestUser
let board: TestUser

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false, clock: () => now })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  chair = await createUser(t.app, { roles: ['superAdmin'], name: 'Chair' })
  board = await createUser(t.app, { roles: ['boardMember'], name: 'Board' })
})
afterAll(async () => t?.close())

const GRANT = `mutation Grant($email: String!, $role: Role!, $endsAt: DateTime) {
  grantCommitteeRole(email: $email, role: $role, endsAt: $endsAt) { id roles }
}`
const REVOKE =
  'mutation Revoke($userId: ID!, $role: Role!) { revokeRole(userId: $userId, role: $role) { id roles } }'

const rolesOf = async (id: string) =>
  (await t.app.services.db.select().from(users).where(eq(users.id, id)))[0]?.roles
const auditFor = (id: string) =>
  t.app.services.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id)

/** Move the clock to `to` and run what is due by then (the queue compares run times with the database's clock). */
async function travel(to: Date) {
  const { db, queue } = t.app.services
  const shift = to.getTime() - now.getTime()
  now = to
  const pending = await db.select().from(jobs).where(eq(jobs.status, 'pending'))
  for (const job of pending) {
    if (job.runAt.getTime() <= to.getTime()) {
      await db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, job.id))
    }
  }
  await queue.runDue()
  return shift
}

describe('committee roles with terms', () => {
  it('a role granted with an end lapses by itself, after a week’s notice, and the member’s tabs hear it live', async () => {
    const member = await createUser(t.app, { name: 'Treasurer To Be' })
    const endsAt = new Date('2027-06-20T18:00:00Z')
    const res = await gql(t.app, GRANT, {
      token: chair.token,
      variables: { email: member.email.toUpperCase(), role: 'boardMember', endsAt: endsAt.toISOString() },
    })
    expect(res.body.errors).toBeUndefined()
    expect(await rolesOf(member.id)).toEqual(['boardMember'])
    const [term] = await t.app.services.db.select().from(roleTerms).where(eq(roleTerms.userId, member.id))
    expect(term?.endsAt?.toISOString()).toBe(endsAt.toISOString())
    const [grant] = await auditFor(member.id)
    expect(grant).toMatchObject({ action: 'user.role.grant', actorId: chair.id })

    const subscriptions = watchSubscriptions(t.app.services.bus)
    const socket = wsClient(url, member.token)
    try {
      // The server closes the user's sockets when who they are changes (USER_CHANGED_CLOSE_CODE); the
      // client then reconnects and asks who it is again.
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

      // A week before: the reminder email, and the role still held.
      await travel(new Date('2027-06-13T18:00:00Z'))
      const mail = await t.app.services.db.select().from(outbox).where(eq(outbox.to, member.email))
      expect(mail.map((m) => m.template)).toEqual(['role.ending'])
      expect(mail[0]?.subject).toMatch(/Board member role ends/)
      expect(await rolesOf(member.id)).toEqual(['boardMember'])

      // The end passes: gone, audited as a lapse by nobody, and the member's socket is told.
      await travel(new Date('2027-06-20T18:00:01Z'))
      expect(await rolesOf(member.id)).toEqual([])
      const entries = await auditFor(member.id)
      expect(entries.at(-1)).toMatchObject({ action: 'user.role.lapse', actorId: null })
      expect(await closed).toBe(USER_CHANGED_CLOSE_CODE)
      const terms = await t.app.services.db.select().from(roleTerms).where(eq(roleTerms.userId, member.id))
      expect(terms).toEqual([])
    } finally {
      await socket.dispose()
    }
  })

  it('a renewed term does not lapse at the old end; renewal is audited', async () => {
    const member = await createUser(t.app)
    const first = new Date(now.getTime() + 10 * 86_400_000)
    const later = new Date(now.getTime() + 400 * 86_400_000)
    for (const endsAt of [first, later]) {
      const res = await gql(t.app, GRANT, {
        token: board.token,
        variables: { email: member.email, role: 'orchestraAdmin', endsAt: endsAt.toISOString() },
      })
      expect(res.body.errors).toBeUndefined()
    }
    expect((await auditFor(member.id)).map((e) => e.action)).toEqual(['user.role.grant', 'user.role.renew'])
    await travel(new Date(first.getTime() + 1000))
    expect(await rolesOf(member.id)).toEqual(['orchestraAdmin'])
    const lapse = await t.app.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'role.lapse'), eq(jobs.status, 'pending')))
    expect(lapse.map((j) => (j.payload as { userId: string }).userId)).toContain(member.id)
  })

  it('only a superAdmin grants superAdmin; a boardMember is refused', async () => {
    const member = await createUser(t.app)
    const res = await gql(t.app, GRANT, {
      token: board.token,
      variables: { email: member.email, role: 'superAdmin' },
    })
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    expect(res.body.errors?.[0]?.message).toBe(
      'Only a society admin can make someone a society admin or take it away.',
    )
    expect(await rolesOf(member.id)).toEqual([])
    const plain = await gql(t.app, GRANT, {
      token: member.token,
      variables: { email: member.email, role: 'sitrMD' },
    })
    expect(plain.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
  })

  it('refuses an end in the past, an unknown email, and revoking the last superAdmin', async () => {
    const member = await createUser(t.app)
    const past = await gql(t.app, GRANT, {
      token: chair.token,
      variables: {
        email: member.email,
        role: 'sitrMD',
        endsAt: new Date(now.getTime() - 1000).toISOString(),
      },
    })
    expect(past.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    const nobody = await gql(t.app, GRANT, {
      token: chair.token,
      variables: { email: 'nobody@x.test', role: 'sitrMD' },
    })
    expect(nobody.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    const last = await gql(t.app, REVOKE, {
      token: chair.token,
      variables: { userId: chair.id, role: 'superAdmin' },
    })
    expect(last.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    expect(await rolesOf(chair.id)).toEqual(['superAdmin'])
    expect(await rolesOf(member.id)).toEqual([])
  })

  it('the last superAdmin never lapses: the term is cleared instead', async () => {
    const endsAt = new Date(now.getTime() + 2 * 86_400_000)
    const res = await gql(t.app, GRANT, {
      token: chair.token,
      variables: { email: chair.email, role: 'superAdmin', endsAt: endsAt.toISOString() },
    })
    expect(res.body.errors).toBeUndefined()
    await travel(new Date(endsAt.getTime() + 1000))
    expect(await rolesOf(chair.id)).toEqual(['superAdmin'])
    expect((await auditFor(chair.id)).at(-1)?.action).toBe('user.role.lapse-refused')
  })

  it('hands a role over in one step, and the Committee view lists holders with terms', async () => {
    const outgoing = await createUser(t.app, { name: 'Old Secretary' })
    const incoming = await createUser(t.app, { name: 'New Secretary' })
    const endsAt = new Date(now.getTime() + 30 * 86_400_000)
    await gql(t.app, GRANT, {
      token: chair.token,
      variables: { email: outgoing.email, role: 'socialConvenor', endsAt: endsAt.toISOString() },
    })
    const res = await gql(
      t.app,
      'mutation H($from: ID!, $to: String!) { handOverRole(role: socialConvenor, fromUserId: $from, toEmail: $to) { id roles } }',
      {
        token: board.token,
        variables: { from: outgoing.id, to: incoming.email },
      },
    )
    expect(res.body.errors).toBeUndefined()
    expect(await rolesOf(outgoing.id)).toEqual([])
    expect(await rolesOf(incoming.id)).toEqual(['socialConvenor'])
    const view = await gql<{
      committee: { role: string; user: { id: string }; endsAt: string | null }[]
    }>(t.app, '{ committee { role user { id } endsAt } }', { token: board.token })
    const social = view.body.data?.committee.filter((c) => c.role === 'socialConvenor')
    expect(social).toEqual([
      { role: 'socialConvenor', user: { id: incoming.id }, endsAt: endsAt.toISOString() },
    ])
    const denied = await gql(t.app, '{ committee { role } }', { token: outgoing.token })
    expect(denied.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
  })
})
