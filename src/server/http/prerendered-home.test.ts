import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '#server/testing/factories.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'

// The server's side of the prerendered member home: which pages get it, where it goes and what
// happens when rendering fails. The renderer here is a small module in the place `npm run build`
// writes the real one (dist/ssr/prerender.js); the real one is loaded by the e2e suite
// (e2e/platform/prerendered-home.spec.ts).

const PAGE =
  '<!doctype html><html><head><title>Stagedoor</title></head><body><div id="root"></div></body></html>'

/** A client build with a renderer module beside it; `renderer` is that module's source. */
function buildWith(renderer: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'stagedoor-prerender-'))
  mkdirSync(path.join(dir, 'client'))
  mkdirSync(path.join(dir, 'ssr'))
  writeFileSync(path.join(dir, 'client', 'index.html'), PAGE)
  writeFileSync(path.join(dir, 'ssr', 'prerender.js'), renderer)
  return dir
}

const ECHO = `export function renderMemberHome(user, location) {
  return '<title>Events</title><main data-location="' + location + '">' + JSON.stringify(user) + '</main>'
}`

describe('a signed-in member home', () => {
  let t: TestApp
  let dir: string
  beforeAll(async () => {
    dir = buildWith(ECHO)
    t = await createTestApp({}, { startJobs: false, clientDist: path.join(dir, 'client') })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('arrives rendered into an inert #root, for that member, at / and /events', async () => {
    const member = await createUser(t.app, { name: 'Home Member', roles: ['ticketAdmin'] })
    for (const [url, location] of [
      ['/', '/'],
      ['/events', '/events'],
      ['/events/?from=mail', '/events'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } })
      expect(res.statusCode).toBe(200)
      const root = /<div id="root"([^>]*)>(.*?)<\/div>/.exec(res.body)
      expect(root?.[1]).toBe(' data-prerendered inert aria-hidden="true"')
      expect(root?.[2]).toContain(`<main data-location="${location}">`)
      const user = JSON.parse(/<main[^>]*>(.*?)<\/main>/.exec(root![2]!)![1]!) as Record<string, unknown>
      expect(user).toEqual({
        id: member.id,
        email: member.email,
        name: 'Home Member',
        image: null,
        roles: ['ticketAdmin'],
      })
      // The page's own <title> is left to the app; the one rendered is not put into the body.
      expect(res.body).not.toContain('<title>Events</title>')
      expect(res.body).toContain('<title>Stagedoor</title>')
    }
  })

  it('is not rendered for visitors or for other pages', async () => {
    const member = await createUser(t.app)
    const visitor = await t.app.inject({ method: 'GET', url: '/' })
    expect(visitor.body).toContain('<div id="root"></div>')
    for (const url of ['/profile', '/events/some-show', '/applications']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<div id="root"></div>')
    }
  })
})

describe('a renderer that fails', () => {
  it('leaves the page as the app alone would render it', async () => {
    const dir = buildWith('export function renderMemberHome() { throw new Error("render failed") }')
    const t = await createTestApp({}, { startJobs: false, clientDist: path.join(dir, 'client') })
    try {
      const member = await createUser(t.app)
      const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: member.cookie } })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<div id="root"></div>')
      expect(res.headers['cache-control']).toBe('private, no-store')
    } finally {
      await t.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
