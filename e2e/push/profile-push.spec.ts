import type { Page } from 'playwright-core'
import { describe } from 'vitest'
import { graphqlAs } from '../support/accounts.ts'
import { freshMember, submitApplication } from '../support/applications.ts'
import { createEvent, uniqueSlug } from '../support/events.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { browserWithWorker, workerInControl } from '../support/offline.ts'
import { startTestPushService, type TestPushService } from '../support/push-service.ts'
import { sessionToken } from '../support/session.ts'

async function gqlAs<T>(token: string, query: string, variables: Record<string, unknown> = {}) {
  const operationName = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? 'Op'
  return graphqlAs<T>(baseUrl, token, { operationName, query, variables })
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const STORED = 'stagedoor-test-push-subscription'

/**
 * Headless Chromium has no push service: the page's `PushManager` gets its subscriptions from the
 * test push service instead (kept in localStorage, so a reload still finds it). Everything else is
 * the app's own code: the permission, the key it passes, subscribeToPush, the service worker.
 */
async function useTestPushService(page: Page, pushService: TestPushService): Promise<void> {
  await page.exposeFunction('__stagedoorTestPushSubscribe', (key: string) => pushService.subscribe(key))
  await page.addInitScript((stored: string) => {
    type Stored = { endpoint: string; keys: { p256dh: string; auth: string }; key: string }
    const toBase64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    const fromBase64url = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
    const make = (s: Stored) => ({
      endpoint: s.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromBase64url(s.key).buffer },
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      getKey: () => null,
      unsubscribe: async () => {
        localStorage.removeItem(stored)
        return true
      },
    })
    const subscribe = (window as unknown as { __stagedoorTestPushSubscribe(key: string): Promise<Stored> })
      .__stagedoorTestPushSubscribe
    PushManager.prototype.getSubscription = async function () {
      const saved = localStorage.getItem(stored)
      return saved ? (make(JSON.parse(saved) as Stored) as unknown as PushSubscription) : null
    }
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const raw = options?.applicationServerKey
      const key =
        typeof raw === 'string'
          ? raw
          : toBase64url(new Uint8Array(raw instanceof ArrayBuffer ? raw : (raw as ArrayBufferView).buffer))
      const given = await subscribe(key)
      const s: Stored = { ...given, key }
      localStorage.setItem(stored, JSON.stringify(s))
      return make(s) as unknown as PushSubscription
    }
  }, STORED)
}

describe('Web Push from /profile (test push service)', () => {
  test('a member turns notifications on at /profile, gets a release, and turns them off', async () => {
    const admin = await sessionToken(baseUrl, demo('sitrmd'))
    const slug = uniqueSlug('push-profile')
    await createEvent(baseUrl, admin, {
      slug,
      title: `Push ${slug}`,
      type: 'SINGTHROUGH',
      startsInDays: 20,
      eventConfig: { applicationTypes: { singer: { label: 'Singer', open: true, questions: [] } } },
    })
    const member = await freshMember(baseUrl, demo('superadmin'), {
      name: 'Rhea Released',
      emailPrefix: 'push-profile',
      password: 'push-profile-password-1',
    })
    const memberToken = await sessionToken(baseUrl, member)
    const applicationId = await submitApplication(baseUrl, memberToken, {
      eventSlug: slug,
      type: 'singer',
      profile: {
        name: member.name,
        phone: '+44 7700 900123',
        emergencyContact: { name: 'Sam', phone: '07700 900456', relationship: 'Friend' },
      },
    })

    const pushService = await startTestPushService()
    const browser = await browserWithWorker(baseUrl, member)
    try {
      await browser.context.grantPermissions(['notifications'], { origin: baseUrl })
      const page = await browser.context.newPage()
      await useTestPushService(page, pushService)
      await page.goto(`${baseUrl}/profile`)
      await workerInControl(page)

      // Through the page: the switch asks, subscribes with the server's key and tells the server.
      const section = page.getByRole('region', { name: 'Notifications on this device' })
      await section.getByText('Notifications are off on this device.').waitFor()
      await section.getByRole('button', { name: 'Turn on notifications' }).click()
      await section.getByRole('status').getByText('Notifications are on for this device.').waitFor()
      const subscription = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), STORED))!) as {
        endpoint: string
        clientHash: string
      }
      const active = await gqlAs<{ pushSubscriptionActive: boolean }>(
        memberToken,
        'query Active($endpoint: String!) { pushSubscriptionActive(endpoint: $endpoint) }',
        { endpoint: subscription.endpoint },
      )
      expect(active.pushSubscriptionActive).toBe(true)

      // The member is offered a place and accepts it; then the info pack is released.
      await gqlAs(
        admin,
        'mutation OfferPush($slug: String!, $ids: [ID!]!) { decideApplications(eventSlug: $slug, action: OFFER, applicationIds: $ids) { id } }',
        { slug, ids: [applicationId] },
      )
      await gqlAs(memberToken, 'mutation Accept($id: ID!) { acceptOffer(id: $id) { id } }', {
        id: applicationId,
      })
      const { event } = await gqlAs<{ event: { id: string } }>(
        admin,
        'query EventId($slug: String!) { event(slug: $slug) { id } }',
        { slug },
      )
      await gqlAs(
        admin,
        'mutation Release($id: ID!) { setEventReleases(id: $id, releaseParticipantInfoPack: true) { id } }',
        { id: event.id },
      )

      const release = await until('the release push', async () => {
        const messages = await pushService.messages(subscription.clientHash)
        return messages.find((m) => (JSON.parse(m) as { title: string }).title === 'Info pack released')
      })
      expect(JSON.parse(release)).toMatchObject({
        url: `/applications/${slug}/participant-info/singer`,
        tag: `release-${event.id}-infoPack`,
      })

      // The member's service worker shows it.
      const cdp = await browser.context.newCDPSession(page)
      const registered = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const mine = registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted)
          if (mine) resolve(mine.registrationId)
        }),
      )
      await cdp.send('ServiceWorker.enable')
      const registrationId = await registered
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data: release })
      const titles = await until('the notification', async () => {
        const shown = await page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title),
        )
        return shown.length > 0 ? shown : undefined
      })
      expect(titles).toEqual(['Info pack released'])

      // Turned off from the same switch: the server forgets this browser.
      await section.getByRole('button', { name: 'Turn off notifications' }).click()
      await section.getByRole('status').getByText('Notifications are off on this device.').waitFor()
      const after = await gqlAs<{ pushSubscriptionActive: boolean }>(
        memberToken,
        'query Active($endpoint: String!) { pushSubscriptionActive(endpoint: $endpoint) }',
        { endpoint: subscription.endpoint },
      )
      expect(after.pushSubscriptionActive).toBe(false)
    } finally {
      await browser.close()
      await pushService.stop()
    }
  }, 180_000)
})
