import { describe } from 'vitest'
import { baseUrl, expect, test } from '../support/fixtures.ts'
import { browserWithWorker, workerInControl } from '../support/offline.ts'
import { gqlAs, until } from '../support/api.ts'
import {
  applicantOfNewEvent,
  deliverToWorker,
  offerPlace,
  STORED_PUSH_SUBSCRIPTION,
  useTestPushService,
} from '../support/push.ts'
import { startTestPushService } from '../support/push-service.ts'

describe('Web Push from /profile (test push service)', () => {
  test('a member turns notifications on at /profile, gets a release, and turns them off', async () => {
    const { admin, slug, member, memberToken, applicationId } = await applicantOfNewEvent({
      slugPrefix: 'push-profile',
      name: 'Rhea Released',
      password: 'push-profile-password-1',
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
      const subscription = JSON.parse(
        (await page.evaluate((k) => localStorage.getItem(k), STORED_PUSH_SUBSCRIPTION))!,
      ) as {
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
      await offerPlace(admin, slug, applicationId)
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
      const titles = await deliverToWorker(browser.context, page, release)
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
