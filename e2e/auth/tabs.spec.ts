import { describe } from 'vitest'
import { isSameDocument, markDocument, signInWithForm } from '../support/auth.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'

const member2 = demo('member2')

describe('two tabs of one browser', () => {
  test('sign-out in one tab signs the other out within 2 s, without a reload', async ({ openTab }) => {
    const { page: first } = await openTab()
    await first.goto(`${baseUrl}/login?redirectTo=%2Fprofile`)
    await signInWithForm(first, member2)
    await first.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor()

    const { page: second } = await openTab()
    await second.goto(`${baseUrl}/applications`)
    await second.getByRole('heading', { level: 1, name: 'My applications' }).waitFor()
    await markDocument(second)

    await first
      .getByRole('region', { name: 'Your account' })
      .getByRole('button', { name: 'Sign out' })
      .click()
    const signedOutAt = Date.now()
    await second.waitForURL(`${baseUrl}/login?redirectTo=%2Fapplications`, { timeout: 2_000 })
    await second.getByRole('heading', { level: 1, name: 'Sign in to Stagedoor' }).waitFor({ timeout: 2_000 })
    expect(Date.now() - signedOutAt).toBeLessThan(2_000)
    expect(await isSameDocument(second)).toBe(true)
  })

  test('sign-in in one tab signs the other in, which goes on to where it was going', async ({ openTab }) => {
    const { page: waiting } = await openTab()
    await waiting.goto(`${baseUrl}/applications?tab=2`)
    await waiting.waitForURL(`${baseUrl}/login?redirectTo=%2Fapplications%3Ftab%3D2`)
    await waiting.getByRole('heading', { level: 1, name: 'Sign in to Stagedoor' }).waitFor()
    await markDocument(waiting)

    const { page: signing } = await openTab()
    await signing.goto(`${baseUrl}/login`)
    await signInWithForm(signing, member2)
    await signing.waitForURL(`${baseUrl}/`)

    await waiting.waitForURL(`${baseUrl}/applications?tab=2`, { timeout: 2_000 })
    await waiting.getByRole('heading', { level: 1, name: 'My applications' }).waitFor({ timeout: 2_000 })
    expect(await isSameDocument(waiting)).toBe(true)
  })
})

describe('the realtime connection', () => {
  test('reconnects with the token on sign-in and without it on sign-out', async ({ page, expectClean }) => {
    const inits: string[] = []
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        if (typeof frame.payload !== 'string') return
        const message = JSON.parse(frame.payload) as { type: string; payload?: { authorization?: string } }
        if (message.type === 'connection_init')
          inits.push(message.payload?.authorization ? 'bearer' : 'anonymous')
      })
    })
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { level: 1, name: 'Stagedoor' }).waitFor()
    await expect.poll(() => inits, { timeout: 5_000 }).toEqual(['anonymous'])
    await markDocument(page)

    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click()
    await signInWithForm(page, member2)
    await page
      .getByRole('region', { name: 'Your account' })
      .getByRole('button', { name: 'Sign out' })
      .waitFor()
    await expect.poll(() => inits.at(-1), { timeout: 5_000 }).toBe('bearer')

    await page.getByRole('region', { name: 'Your account' }).getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('status').filter({ hasText: 'You have signed out.' }).waitFor()
    await expect.poll(() => inits.at(-1), { timeout: 5_000 }).toBe('anonymous')
    // All in one page load: the socket followed the session, not a reload.
    expect(await isSameDocument(page)).toBe(true)
    // A query of the profile still on its way when the sign-out revoked the token is answered 401
    // (the client takes that as signed out, which it already is); the browser logs it. Seen in two of
    // three CI runs on a loaded machine, never alone. Anything else is still a failure.
    await expectClean([/status of 401 \(Unauthorized\) \[http:\/\/[^\]]+\/api\/graphql\]$/])
  })
})
