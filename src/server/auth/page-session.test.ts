import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '#server/testing/factories.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { PAGE_SESSION_ELEMENT_ID } from '#core/auth/page-session.ts'

let t: TestApp
let clientDist: string

beforeAll(async () => {
  clientDist = mkdtempSync(path.join(tmpdir(), 'stagedoor-dist-'))
  writeFileSync(
    path.join(clientDist, 'index.html'),
    '<!doctype html><html><head><title>Stagedoor</title></head><body><div id="root"></div></body></html>',
  )
  t = await createTestApp({}, { startJobs: false, clientDist })
})
afterAll(async () => {
  await t.close()
  rmSync(clientDist, { recursive: true, force: true })
})

const BLOCK = new RegExp(`<script type="application/json" id="${PAGE_SESSION_ELEMENT_ID}">(.*?)</script>`)

/** The session a served page carries, or null. */
function sessionIn(html: string): { token: string; user: Record<string, unknown> } | null {
  const match = BLOCK.exec(html)
  return match ? (JSON.parse(match[1]!) as { token: string; user: Record<string, unknown> }) : null
}

describe('the page served to a signed-in member', () => {
  it('carries the member and a working access token, and is kept by no cache', async () => {
    const member = await createUser(t.app, { name: 'Page Member', roles: ['ticketAdmin'] })
    const res = await t.app.inject({ method: 'GET', url: '/events', headers: { cookie: member.cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';")
    const session = sessionIn(res.body)
    expect(session?.user).toEqual({
      id: member.id,
      email: member.email,
      name: 'Page Member',
      image: null,
      roles: ['ticketAdmin'],
    })
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { authorization: `Bearer ${session!.token}`, 'content-type': 'application/json' },
      payload: { query: '{ currentUser { id } }' },
    })
    expect(me.json()).toEqual({ data: { currentUser: { id: member.id } } })
  })

  it('escapes what could close the element', async () => {
    const member = await createUser(t.app, { name: '</script><script>alert(1)</script>' })
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: member.cookie } })
    expect(res.body).not.toContain('<script>alert(1)')
    expect(sessionIn(res.body)?.user.name).toBe('</script><script>alert(1)</script>')
  })

  it('is the plain page for visitors, ended sessions, missing files and framed widgets', async () => {
    const member = await createUser(t.app)
    const anonymous = await t.app.inject({ method: 'GET', url: '/events' })
    expect(anonymous.headers['cache-control']).toBe('no-cache')
    expect(sessionIn(anonymous.body)).toBeNull()
    const missingFile = await t.app.inject({
      method: 'GET',
      url: '/missing.png',
      headers: { cookie: member.cookie },
    })
    expect(sessionIn(missingFile.body)).toBeNull()
    const widget = await t.app.inject({
      method: 'GET',
      url: '/embed/mailing-lists',
      headers: { cookie: member.cookie },
    })
    expect(sessionIn(widget.body)).toBeNull()
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: member.cookie, origin: t.app.services.config.appUrl },
    })
    const ended = await t.app.inject({ method: 'GET', url: '/events', headers: { cookie: member.cookie } })
    expect(ended.headers['cache-control']).toBe('no-cache')
    expect(sessionIn(ended.body)).toBeNull()
  })
})
