import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'

let t: TestApp
let clientDist: string

beforeAll(async () => {
  clientDist = mkdtempSync(path.join(tmpdir(), 'stagedoor-dist-'))
  mkdirSync(path.join(clientDist, 'assets'))
  writeFileSync(
    path.join(clientDist, 'index.html'),
    '<!doctype html><html><head><title>Stagedoor</title></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(path.join(clientDist, 'assets', 'app-abc123.js'), 'console.log("app")'.repeat(200))
  writeFileSync(path.join(clientDist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  t = await createTestApp({}, { startJobs: false, clientDist })
})
afterAll(async () => {
  await t.close()
  rmSync(clientDist, { recursive: true, force: true })
})

describe('HTTP platform', () => {
  it('GET /api/health reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok', database: { reachable: true } })
  })

  it('GET /api/health answers 503 when the database is gone', async () => {
    const execute = vi.spyOn(t.app.services.db, 'execute').mockRejectedValue(new Error('connection refused'))
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ status: 'unavailable', database: { reachable: false } })
      expect(execute).toHaveBeenCalled()
    } finally {
      execute.mockRestore()
    }
  })

  it('sets security headers: strict CSP, no framing, request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/events' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/)
    // HSTS only in production.
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it("gives a GraphQL answer the API's security headers, not a document's", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/events' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      payload: { query: '{ __typename }' },
    })
    expect(res.statusCode).toBe(200)
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
    ]) {
      expect(res.headers[name], name).toBe(page.headers[name])
    }
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/)
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin')
    for (const name of [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-xss-protection',
      'x-dns-prefetch-control',
    ]) {
      expect(res.headers[name], name).toBeUndefined()
    }
  })

  it('lets /embed/* pages be framed by other sites', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed/mailing-lists' })
    expect(res.statusCode).toBe(200)
    expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors *')
    expect(res.headers['x-frame-options']).toBeUndefined()
  })

  it('serves index.html for client routes and 404 JSON for unknown API paths', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/applications?tab=2' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('<div id="root">')
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/nope' } })
  })

  it('serves hashed assets with long caching and compression', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('immutable')
    expect(res.headers['content-encoding']).toBe('gzip')
  })

  it('serves the service worker uncached, so a deploy replaces it on the next start', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('keeps the request id a caller sends, for tracing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-12345678' },
    })
    expect(res.headers['x-request-id']).toBe('trace-12345678')
  })

  it('answers an unexpected error with a generic message and no stack', async () => {
    t.app.services.db.execute = t.app.services.db.execute.bind(t.app.services.db)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('BAD_REQUEST')
    expect(res.body).not.toContain('at ')
  })
})

describe('listing pages for link previews', () => {
  it('puts the event into the title and Open Graph tags, escaped, and leaves drafts and unknown slugs alone', async () => {
    const { db } = t.app.services
    const { events } = await import('#server/db/schema/index.ts')
    const day = 86_400_000
    await db.insert(events).values([
      {
        slug: 'gala-night',
        type: 'CONCERT',
        title: 'Gala "Night" <b>',
        summary: 'Opera highlights & more.',
        venue: 'Great Hall',
        startDate: new Date(Date.now() + day),
        endDate: new Date(Date.now() + 2 * day),
        visibility: 'public',
        audienceTypes: [{ key: 'audience', title: 'Audience', content: '' }],
      },
      {
        slug: 'hidden-draft',
        type: 'CONCERT',
        title: 'Hidden draft',
        startDate: new Date(Date.now() + day),
        endDate: new Date(Date.now() + 2 * day),
        visibility: 'draft',
      },
    ])
    const page = await t.app.inject({ method: 'GET', url: '/listings/gala-night' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<title>Gala &quot;Night&quot; &lt;b&gt; · Stagedoor</title>')
    expect(page.body).toContain(
      '<meta property="og:title" content="Gala &quot;Night&quot; &lt;b&gt; · Stagedoor" />',
    )
    expect(page.body).toContain('<meta property="og:description" content="Opera highlights &amp; more." />')
    expect(page.body).toContain(
      '<meta property="og:url" content="http://localhost:3000/listings/gala-night" />',
    )
    expect(page.body).toContain('<div id="root">')
    const audience = await t.app.inject({ method: 'GET', url: '/listings/gala-night/audience' })
    expect(audience.body).toContain('Audience · Stagedoor</title>')
    for (const url of ['/listings/hidden-draft', '/listings/no-such-event']) {
      const other = await t.app.inject({ method: 'GET', url })
      expect(other.statusCode).toBe(200)
      expect(other.body).not.toContain('og:title')
      expect(other.body).not.toContain('Hidden draft')
    }
  })
})
