import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { linksIn } from './dev-inbox.routes.ts'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('the local mail inbox (/dev/mail)', () => {
  it('lists the outbox with its links to this machine only, and says where it is', async () => {
    t = await createTestApp({}, { startJobs: false })
    await t.app.services.mailer.queue({
      to: 'new@stagedoor.test',
      subject: 'Confirm <your> email',
      text: 'Open http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2F to confirm.',
    })
    const page = await t.app.inject({ url: '/dev/mail', remoteAddress: '127.0.0.1' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Confirm &lt;your&gt; email')
    expect(page.body).toContain(
      'href="http://localhost:3000/api/auth/verify-email?token=abc&amp;callbackURL=%2F"',
    )
    const remote = await t.app.inject({ url: '/dev/mail', remoteAddress: '192.0.2.7' })
    expect(remote.statusCode).toBe(403)
    expect(remote.json().error.code).toBe('FORBIDDEN')
    const config = await t.app.inject({ url: '/api/auth-config', remoteAddress: '192.0.2.7' })
    expect(config.json().devMailbox).toBe('/dev/mail')
  })

  it('does not exist with SMTP_URL set', async () => {
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' }, { startJobs: false })
    // The client's fallback (or 503 when it is not built) answers instead: never the inbox.
    const page = await t.app.inject({ url: '/dev/mail', remoteAddress: '127.0.0.1' })
    expect(page.body).not.toContain('Local mail inbox')
    expect((await t.app.inject({ url: '/api/auth-config' })).json().devMailbox).toBeNull()
  })

  it('shows the demo panel to this machine, or to anyone with DEMO_PUBLIC=true', async () => {
    t = await createTestApp({}, { startJobs: false })
    t.app.services.demoPanel = { password: 'pw', accounts: [] }
    const from = async (remoteAddress: string) =>
      (await t!.app.inject({ url: '/api/auth-config', remoteAddress })).json().demo
    expect(await from('127.0.0.1')).toEqual({ password: 'pw', accounts: [] })
    expect(await from('::1')).not.toBeNull()
    expect(await from('192.168.1.20')).toBeNull()
    await t.close()
    t = await createTestApp({ DEMO_PUBLIC: 'true' }, { startJobs: false })
    t.app.services.demoPanel = { password: 'pw', accounts: [] }
    expect(await from('192.168.1.20')).not.toBeNull()
  })

  it('finds each link once, without trailing punctuation', () => {
    expect(linksIn('Go to https://a.example/x. Or https://a.example/x, or (http://b.example/y)')).toEqual([
      'https://a.example/x',
      'http://b.example/y',
    ])
  })
})
