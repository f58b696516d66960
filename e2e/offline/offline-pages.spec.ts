import type { BrowserContext, Page, Request } from 'playwright-core'
import { describe } from 'vitest'
import { graphqlAs, TEST_RUNNER_ADDRESS } from '../support/accounts.ts'
import { signInWithForm } from '../support/auth.ts'
import { launchBrowser, seriousAxeViolations } from '../support/browser.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { browserWithWorker, workerInControl } from '../support/offline.ts'
import { sessionToken } from '../support/session.ts'

// member1 is a CONFIRMED singer of the demo sing-through: info pack and venue access are released.
const SLUG = 'messiah-singthrough'
const PAGES = [
  { path: `/applications/${SLUG}/participant-info/singer`, heading: /^Info Pack/ },
  { path: `/applications/${SLUG}/venue-access`, heading: /^Venue Access$/ },
]
const SAVED_AT = /^Offline — saved at \d{2}:\d{2}$/

/** The URLs kept in the member's Cache Storage buckets, by bucket. */
const keptUrls = (page: Page) =>
  page.evaluate(async () => {
    const kept: Record<string, string[]> = {}
    for (const name of await caches.keys()) {
      if (!name.startsWith('stagedoor-member')) continue
      kept[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)
    }
    return kept
  })

const memberCacheNames = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('stagedoor-member')))

async function signOut(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/profile`)
  await page.getByRole('region', { name: 'Your account' }).getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('status').filter({ hasText: 'You have signed out.' }).waitFor()
  // Sign-out deletes the saved copies without holding up the page: wait for them to be gone.
  await expect.poll(() => memberCacheNames(page), { timeout: 10_000 }).toEqual([])
}

async function expectSavedAtBanner(page: Page): Promise<void> {
  const banner = page.getByRole('status').filter({ hasText: 'Offline — saved at' })
  await banner.waitFor()
  expect((await banner.textContent())?.trim()).toMatch(SAVED_AT)
}

/** A one-page PDF as an admin uploads it, attached to the sing-through's info pack; returns its id. */
async function attachPdf(title: string): Promise<{ id: string; token: string }> {
  const token = await sessionToken(baseUrl, demo('sitrmd'))
  const pdf = `%PDF-1.4\n% ${title}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`
  const form = new FormData()
  form.append('purpose', 'document')
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'offline-rota.pdf')
  const uploaded = await fetch(`${baseUrl}/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': TEST_RUNNER_ADDRESS },
    body: form,
  })
  expect(uploaded.status).toBe(201)
  const { key } = (await uploaded.json()) as { key: string }
  const added = await graphqlAs<{ addEventAttachment: { id: string } }>(baseUrl, token, {
    operationName: 'AttachOffline',
    query:
      'mutation AttachOffline($slug: String!, $key: String!, $title: String!) { addEventAttachment(eventSlug: $slug, fileKey: $key, title: $title) { id } }',
    variables: { slug: SLUG, key, title },
  })
  return { id: added.addEventAttachment.id, token }
}

/** Resolves once `count` session checks (`GET /api/auth/get-session`) have failed for want of a network. */
function sessionChecksFailed(context: BrowserContext, count: number): Promise<void> {
  return new Promise((resolve) => {
    let failed = 0
    const onFailed = (request: Request) => {
      if (!request.url().endsWith('/api/auth/get-session')) return
      if (++failed < count) return
      context.off('requestfailed', onFailed)
      resolve()
    }
    context.on('requestfailed', onFailed)
  })
}

describe('offline participant pages (service worker)', () => {
  test('open offline with a saved-at banner, and are gone after sign-out', async () => {
    const browser = await browserWithWorker(baseUrl, demo('member1'))
    try {
      const { context } = browser
      const page = await context.newPage()
      await page.goto(`${baseUrl}/`)
      await workerInControl(page)

      // Online: each page loads from the server and is kept on the device.
      for (const { path, heading } of PAGES) {
        await page.goto(`${baseUrl}${path}`)
        await page.getByRole('heading', { level: 1, name: heading }).waitFor()
        expect(await page.locator('#offline-banner').count()).toBe(0)
      }
      // The page keeps what it read after drawing it: wait for both pages' reads to be kept before the
      // network goes (on a loaded machine the write came after the offline switch: the CI flake).
      await expect
        .poll(
          async () => {
            const kept = Object.values(await keptUrls(page)).flat()
            return ['InfoPack', 'VenueAccess'].filter(
              (op) => !kept.some((url) => url.startsWith(`/__offline/graphql/${op}/`)),
            )
          },
          { timeout: 30_000 },
        )
        .toEqual([])

      await context.setOffline(true)
      for (const { path, heading } of PAGES) {
        await page.goto(`${baseUrl}${path}`)
        await page.getByRole('heading', { level: 1, name: heading }).waitFor()
        const banner = page.getByRole('status').filter({ hasText: 'Offline — saved at' })
        await banner.waitFor()
        expect((await banner.textContent())?.trim()).toMatch(SAVED_AT)
      }
      if (PAGES[1]) {
        // The venue's text itself came from the device, not only the heading.
        await page.getByRole('region', { name: 'Venue' }).waitFor()
      }

      // Back online, sign out: the device forgets the member's pages.
      await context.setOffline(false)
      await signOut(page)

      await context.setOffline(true)
      for (const { path, heading } of PAGES) {
        // The shell opens offline but finds no session kept: it asks the network who this is, gets
        // no answer, and asks again (the auth backoff). After three unanswered asks it has had every
        // chance to show the member's page from the device, and it has not.
        const unanswered = sessionChecksFailed(context, 3)
        await page.goto(`${baseUrl}${path}`)
        await page.getByText('Checking your sign-in…').first().waitFor()
        await unanswered
        expect(await page.getByRole('heading', { level: 1, name: heading }).count()).toBe(0)
        expect(await page.getByText('Offline — saved at').count()).toBe(0)
      }
      expect(await keptUrls(page)).toEqual({})
    } finally {
      await browser.close()
    }
  }, 120_000)

  // E2E_REPEAT=10 runs it ten times in a row (issue 32 asks ten out of ten; CI runs it once).
  test.for(Array.from({ length: Number(process.env.E2E_REPEAT ?? 1) }, (_, i) => i + 1))(
    'a member who signs in on the login page opens the info pack offline after a reload (try %i)',
    { timeout: 120_000 },
    async () => {
      // Issue 32: the session came by the login form, not with a page, and the page had no worker in
      // control when it signed in. The worker must still keep who is signed in for an offline start.
      const browser = await launchBrowser({ serviceWorkers: 'allow' })
      try {
        const page = await browser.context.newPage()
        await page.goto(`${baseUrl}/login`)
        await signInWithForm(page, demo('member1'))
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Info Pack' })
          .first()
          .click()
        await page.getByRole('heading', { level: 1, name: /^Info Pack/ }).waitFor()
        await workerInControl(page)
        // The worker has what an offline start asks for: who is signed in (told by the page), and the
        // member's pages, fetched ahead once the worker took control (`/__offline/prefetched` is noted
        // when that run ends).
        await expect
          .poll(async () => Object.values(await keptUrls(page)).flat(), { timeout: 30_000 })
          .toEqual(
            expect.arrayContaining(['/api/auth/get-session', '/api/auth/token', '/__offline/prefetched']),
          )

        await browser.context.setOffline(true)
        await page.reload()
        await page.getByRole('heading', { level: 1, name: /^Info Pack/ }).waitFor()
        await expectSavedAtBanner(page)
        expect(await page.getByText('Checking your sign-in…').count()).toBe(0)
      } finally {
        await browser.close()
      }
    },
  )

  test('pages the sidebar grants are fetched ahead; attachments and kept tracks open offline; sign-out empties all', async () => {
    const title = `Offline rota ${Date.now()}`
    const attachment = await attachPdf(title)
    const browser = await browserWithWorker(baseUrl, demo('member1'))
    try {
      const { context } = browser
      const page = await context.newPage()
      // Only the start page: the cast list, part breakdown and info pack are never opened online.
      await page.goto(`${baseUrl}/`)
      await workerInControl(page)
      await page.getByRole('link', { name: 'Cast List' }).first().waitFor()
      await expect
        .poll(
          async () => {
            const kept = (await keptUrls(page))['stagedoor-member-v2'] ?? []
            return (
              ['CastList', 'PartBreakdown', 'InfoPack', 'VenueAccess', 'MyTickets'].filter(
                (op) => !kept.some((url) => url.startsWith(`/__offline/graphql/${op}/`)),
              ).length + (kept.some((url) => url.startsWith('/api/files/')) ? 0 : 1)
            )
          },
          { timeout: 30_000 },
        )
        .toBe(0)
      // Kept under the path alone: no signature in any key.
      const kept = await keptUrls(page)
      expect(
        Object.values(kept)
          .flat()
          .filter((url) => url.includes('sig=')),
      ).toEqual([])

      // An event the sidebar no longer lists (withdrawn, over): what was kept for it goes as soon as
      // the sidebar's data comes again. Planted here as a page and a kept track of such an event.
      await page.evaluate(async () => {
        const tagged = (event: string, kind: string) =>
          new Response('{}', { headers: { 'x-stagedoor-event': event, 'x-stagedoor-kind': kind } })
        await (
          await caches.open('stagedoor-member-v2')
        ).put('/__offline/graphql/InfoPack/ended', tagged('ended-event', 'InfoPack'))
        await (
          await caches.open('stagedoor-member-tracks-v1')
        ).put('/api/files/ended/track.wav', tagged('ended-event', 'track'))
      })
      await page.reload()
      await expect
        .poll(
          async () =>
            Object.values(await keptUrls(page))
              .flat()
              .filter((url) => url.includes('ended')),
          {
            timeout: 15_000,
          },
        )
        .toEqual([])
      expect(
        ((await keptUrls(page))['stagedoor-member-v2'] ?? []).some((url) =>
          url.startsWith('/__offline/graphql/CastList/'),
        ),
      ).toBe(true)

      // The member keeps the learning track on screen.
      await page.goto(`${baseUrl}/${SLUG}/note-bashing`)
      const keep = page.getByRole('switch', { name: 'Keep on this device' })
      await keep.waitFor()
      expect(await keep.getAttribute('aria-checked')).toBe('false')
      await keep.click()
      await page
        .getByRole('status')
        .filter({ hasText: /^Saved for offline · \d+(\.\d)? KB$/ })
        .waitFor()
      expect(await keep.getAttribute('aria-checked')).toBe('true')
      expect(((await keptUrls(page))['stagedoor-member-tracks-v1'] ?? []).length).toBe(1)
      expect(await seriousAxeViolations(page)).toEqual([])

      await context.setOffline(true)
      for (const { path, heading } of [
        { path: `/${SLUG}/cast-list`, heading: /^Cast List$/ },
        { path: `/${SLUG}/part-breakdown`, heading: /^Part Breakdown$/ },
      ]) {
        await page.goto(`${baseUrl}${path}`)
        await page.getByRole('heading', { level: 1, name: heading }).waitFor()
        await expectSavedAtBanner(page)
      }

      // The attachment's link in the kept info pack (its signature long since stale) opens offline.
      await page.goto(`${baseUrl}${PAGES[0]!.path}`)
      const link = page.getByRole('link', { name: title })
      await link.waitFor()
      const href = (await link.getAttribute('href')) ?? ''
      expect(href).toContain('sig=')
      const opened = await page.evaluate(async (url) => {
        const response = await fetch(url)
        return { status: response.status, text: await response.text() }
      }, href)
      expect(opened.status).toBe(200)
      expect(opened.text).toContain(title)

      // The kept track plays offline: the player's range requests are answered from the kept copy.
      await page.goto(`${baseUrl}/${SLUG}/note-bashing`)
      await page.getByRole('status').filter({ hasText: 'Saved for offline' }).waitFor()
      await page.getByRole('button', { name: 'Play' }).first().click()
      await page.waitForFunction(() => {
        const audio = document.querySelector<HTMLAudioElement>('audio[data-testid="learning-track"]')
        return audio && !audio.paused && audio.currentTime > 0.2
      })

      await context.setOffline(false)
      await signOut(page)
      expect(await keptUrls(page)).toEqual({})
    } finally {
      await browser.close()
      await graphqlAs(baseUrl, attachment.token, {
        operationName: 'DetachOffline',
        query: 'mutation DetachOffline($id: ID!) { removeEventAttachment(id: $id) }',
        variables: { id: attachment.id },
      })
    }
  }, 180_000)
})
