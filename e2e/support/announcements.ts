import type { Locator, Page } from 'playwright-core'
import { graphqlAs } from './accounts.ts'

const PublishAnnouncement = `
  mutation PublishAnnouncement($message: String!) {
    publishAnnouncement(message: $message) { id authorName }
  }
`

/**
 * Resolve once the page has sent a subscription over the WebSocket (the one named `operation`, or
 * any). Set it up before the page loads.
 */
export function subscriptionSent(page: Page, operation?: string): Promise<void> {
  return new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framesent', ({ payload }) => {
        if (typeof payload !== 'string' || !payload.includes('"type":"subscribe"')) return
        if (!operation || payload.includes(operation)) resolve()
      })
    })
  })
}

/**
 * Publish until the page shows it. NOTE: the server registers a subscription a moment after the
 * client sends it, so a first announcement can beat it; a few tries make that race harmless while
 * a page that never shows announcements still fails.
 */
export async function publishUntilShown(
  page: Page,
  baseUrl: string,
  token: string,
  text: string,
): Promise<{ toast: Locator; message: string; authorName: string }> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const message = `${text} #${attempt}`
    const data = await graphqlAs<{ publishAnnouncement: { id: string; authorName: string } }>(
      baseUrl,
      token,
      {
        operationName: 'PublishAnnouncement',
        query: PublishAnnouncement,
        variables: { message },
      },
    )
    const toast = page.locator(`[data-announcement-id="${data.publishAnnouncement.id}"]`)
    try {
      await toast.waitFor({ timeout: 3_000 })
      return { toast, message, authorName: data.publishAnnouncement.authorName }
    } catch {
      // not subscribed yet: publish again
    }
  }
  throw new Error('No announcement toast appeared after 3 announcements')
}

/**
 * The toast's bar once its entrance has finished: waits on the page's own events (every CSS
 * animation and transition of the bar and its positioned wrapper finishing, then a frame drawn
 * with none started), not on the box staying put between sleeps. react-hot-toast moves with CSS only.
 */
export async function settledBarBox(page: Page, toast: Locator) {
  const bar = toast.locator('xpath=ancestor::*[@role="status"]/..')
  for (let round = 0; round < 10; round++) {
    const still = await bar.evaluate(async (el) => {
      // A finished animation that fills forwards is still listed: only unfinished ones move.
      const running = () =>
        [...el.getAnimations({ subtree: true }), ...(el.parentElement?.getAnimations() ?? [])].filter(
          (animation) => animation.playState !== 'finished',
        )
      await Promise.all(running().map((animation) => animation.finished.catch(() => undefined)))
      await new Promise((resolve) => requestAnimationFrame(resolve))
      return running().length === 0
    })
    const box = still ? await bar.boundingBox() : null
    if (box) return box
  }
  throw new Error(`the toast never stopped moving on ${page.url()}`)
}
