import type { BrowserContext, Page } from 'playwright-core'
import { gqlAs, until } from './api.ts'
import { freshMember, submitApplication } from './applications.ts'
import { createEvent, uniqueSlug } from './events.ts'
import { baseUrl, demo } from './fixtures.ts'
import type { TestPushService } from './push-service.ts'
import { sessionToken } from './session.ts'

/** A new member who applied as a singer to a new sing-through, and the admin (sitrmd) who runs it. */
export async function applicantOfNewEvent(who: { slugPrefix: string; name: string; password: string }) {
  const admin = await sessionToken(baseUrl, demo('sitrmd'))
  const slug = uniqueSlug(who.slugPrefix)
  await createEvent(baseUrl, admin, {
    slug,
    title: `Push ${slug}`,
    type: 'SINGTHROUGH',
    startsInDays: 20,
    eventConfig: { applicationTypes: { singer: { label: 'Singer', open: true, questions: [] } } },
  })
  const member = await freshMember(baseUrl, demo('superadmin'), {
    name: who.name,
    emailPrefix: who.slugPrefix,
    password: who.password,
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
  return { admin, slug, member, memberToken, applicationId }
}

/** The admin offers the application a place. */
export async function offerPlace(admin: string, slug: string, applicationId: string): Promise<void> {
  await gqlAs(
    admin,
    'mutation OfferPush($slug: String!, $ids: [ID!]!) { decideApplications(eventSlug: $slug, action: OFFER, applicationIds: $ids) { id } }',
    { slug, ids: [applicationId] },
  )
}

/**
 * Hand a push message to the page's service worker as the browser's push service would (DevTools'
 * deliverPushMessage), and answer the titles of the notifications it then shows.
 */
export async function deliverToWorker(context: BrowserContext, page: Page, data: string): Promise<string[]> {
  const cdp = await context.newCDPSession(page)
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted)
      if (mine) resolve(mine.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  const registrationId = await registered
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data })
  return until('the notification', async () => {
    const shown = await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title),
    )
    return shown.length > 0 ? shown : undefined
  })
}

/** Where the stand-in PushManager keeps the page's subscription. */
export const STORED_PUSH_SUBSCRIPTION = 'stagedoor-test-push-subscription'

/**
 * Headless Chromium has no push service: the page's `PushManager` gets its subscriptions from the
 * test push service instead (kept in localStorage, so a reload still finds it). Everything else is
 * the app's own code: the permission, the key it passes, subscribeToPush, the service worker.
 */
export async function useTestPushService(page: Page, pushService: TestPushService): Promise<void> {
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
  }, STORED_PUSH_SUBSCRIPTION)
}
