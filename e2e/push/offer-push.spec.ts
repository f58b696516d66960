import { describe } from 'vitest'
import { graphqlAs } from '../support/accounts.ts'
import { freshMember, submitApplication } from '../support/applications.ts'
import { createEvent, uniqueSlug } from '../support/events.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { browserWithWorker, workerInControl } from '../support/offline.ts'
import { startTestPushService } from '../support/push-service.ts'
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

describe('Web Push (test push service)', () => {
  test('an admin offers a place and the member’s subscribed browser gets the notification', async () => {
    const admin = await sessionToken(baseUrl, demo('sitrmd'))
    const slug = uniqueSlug('push')
    await createEvent(baseUrl, admin, {
      slug,
      title: `Push ${slug}`,
      type: 'SINGTHROUGH',
      startsInDays: 20,
      eventConfig: { applicationTypes: { singer: { label: 'Singer', open: true, questions: [] } } },
    })
    const member = await freshMember(baseUrl, demo('superadmin'), {
      name: 'Pia Pushed',
      emailPrefix: 'push',
      password: 'push-notification-password-1',
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
      await page.goto(`${baseUrl}/`)
      await workerInControl(page)

      // The member turns notifications on: the browser's push service (here the test one) gives a
      // subscription for the server's VAPID key, and the app keeps it.
      const { pushPublicKey } = await gqlAs<{ pushPublicKey: string | null }>(
        memberToken,
        'query PushKey { pushPublicKey }',
      )
      expect(pushPublicKey).toBeTruthy()
      const subscription = await pushService.subscribe(pushPublicKey!)
      await gqlAs(
        memberToken,
        'mutation SubscribePush($input: PushSubscriptionInput!) { subscribeToPush(input: $input) }',
        {
          input: { endpoint: subscription.endpoint, ...subscription.keys },
        },
      )

      await gqlAs(
        admin,
        'mutation OfferPush($slug: String!, $ids: [ID!]!) { decideApplications(eventSlug: $slug, action: OFFER, applicationIds: $ids) { id } }',
        { slug, ids: [applicationId] },
      )

      // The push service received it, signed with the server's VAPID key, and decrypted it.
      const [sent] = await until('the push message', async () => {
        const messages = await pushService.messages(subscription.clientHash)
        return messages.length > 0 ? messages : undefined
      })
      const payload = JSON.parse(sent!) as { title: string; body: string; url: string }
      expect(payload).toMatchObject({ title: 'You have been offered a place', url: '/applications' })

      // …and hands it to the member's browser, whose service worker shows the notification.
      const cdp = await browser.context.newCDPSession(page)
      const registered = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const mine = registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted)
          if (mine) resolve(mine.registrationId)
        }),
      )
      await cdp.send('ServiceWorker.enable')
      const registrationId = await registered
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data: sent! })
      const titles = await until('the notification', async () => {
        const shown = await page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title),
        )
        return shown.length > 0 ? shown : undefined
      })
      expect(titles).toEqual(['You have been offered a place'])
    } finally {
      await browser.close()
      await pushService.stop()
    }
  }, 120_000)
})
