import { describe } from 'vitest'
import { baseUrl, expect, test } from '../support/fixtures.ts'
import { browserWithWorker, workerInControl } from '../support/offline.ts'
import { gqlAs, until } from '../support/api.ts'
import { applicantOfNewEvent, deliverToWorker, offerPlace } from '../support/push.ts'
import { startTestPushService } from '../support/push-service.ts'

describe('Web Push (test push service)', () => {
  test('an admin offers a place and the member’s subscribed browser gets the notification', async () => {
    const { admin, slug, member, memberToken, applicationId } = await applicantOfNewEvent({
      slugPrefix: 'push',
      name: 'Pia Pushed',
      password: 'push-notification-password-1',
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

      await offerPlace(admin, slug, applicationId)

      // The push service received it, signed with the server's VAPID key, and decrypted it.
      const [sent] = await until('the push message', async () => {
        const messages = await pushService.messages(subscription.clientHash)
        return messages.length > 0 ? messages : undefined
      })
      const payload = JSON.parse(sent!) as { title: string; body: string; url: string }
      expect(payload).toMatchObject({ title: 'You have been offered a place', url: '/applications' })

      // …and hands it to the member's browser, whose service worker shows the notification.
      const titles = await deliverToWorker(browser.context, page, sent!)
      expect(titles).toEqual(['You have been offered a place'])
    } finally {
      await browser.close()
      await pushService.stop()
    }
  }, 120_000)
})
