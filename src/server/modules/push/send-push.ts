import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import type { Db, Tx } from '#server/db/client.ts'
import { wantsPush, type PushKind } from '#core/notifications/push-preferences.ts'
import { profiles, pushSubscriptions } from '#server/db/schema/index.ts'
import type { Services } from '#server/services.ts'
import { z } from 'zod'

export const PUSH_JOB = 'push.send'

/** What a notification says, and where a tap on it leads (a path of this app). */
export const pushMessage = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** One notification per tag on the device: a newer one replaces it. */
  tag: z.string().optional(),
})
export type PushMessage = z.infer<typeof pushMessage>

/** The stored payload of a push job. */
export const pushJob = z.object({ userId: z.string(), message: pushMessage })
export type PushJob = z.infer<typeof pushJob>

/** A notification to queue: which kind it is decides whether the member wants it. */
export interface PushRequest extends PushJob {
  kind: PushKind
}

/**
 * Queue a notification to every browser of the member, in the caller's transaction (the outbox): it
 * goes only if the change that caused it commits, and a failed send is retried by the job queue.
 * Nothing is queued when push is off, the member has no subscribed browser, or they turned the kind
 * off on `/profile` (`wantsPush`). Returns whether it was queued.
 */
export async function queuePush(services: Services, tx: Tx | Db, request: PushRequest): Promise<boolean> {
  if (!services.config.push) return false
  const [any] = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, request.userId))
    .limit(1)
  const [profile] = await tx
    .select({ preferences: profiles.pushPreferences })
    .from(profiles)
    .where(eq(profiles.userId, request.userId))
  if (!wantsPush(request.kind, { subscribed: Boolean(any), preferences: profile?.preferences })) return false
  const job: PushJob = { userId: request.userId, message: request.message }
  await services.queue.enqueue(PUSH_JOB, job, { tx, maxAttempts: 5 })
  return true
}

/** Send a queued notification; subscriptions the push service says have ended are dropped. */
export async function sendPush(services: Services, job: PushJob): Promise<void> {
  const keys = services.config.push
  if (!keys) return
  const subscriptions = await services.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, job.userId))
  const payload = JSON.stringify(job.message)
  const failures: unknown[] = []
  for (const subscription of subscriptions) {
    // NOTE: web-push signs and encrypts; the request goes out with fetch, which (unlike web-push's
    // own sender) also speaks plain http to the test push service on this machine.
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      { vapidDetails: keys, TTL: 24 * 3600 },
    )
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(10_000),
      })
      if (response.status === 404 || response.status === 410) {
        // The browser unsubscribed or the push service expired it: never send there again.
        await services.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))
      } else if (!response.ok) {
        failures.push(new Error(`Push service answered HTTP ${response.status}`))
      }
    } catch (error) {
      failures.push(error)
    }
  }
  // NOTE: a retry sends to every browser again; a duplicate notification shares its tag and replaces
  // the first on the device.
  if (failures.length > 0) throw failures[0]
}

/** The push jobs (registered in jobs/handlers.ts). */
export function registerPushJobs(services: Services): void {
  services.queue.register(PUSH_JOB, pushJob, async (job) => {
    await sendPush(services, job)
  })
}
