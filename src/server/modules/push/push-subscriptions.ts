import { and, eq } from 'drizzle-orm'
import type { RequestContext } from '#server/context.ts'
import { pushSubscriptions } from '#server/db/schema/index.ts'
import { AppError } from '#core/errors.ts'
import { authenticate } from '#server/modules/shared/guards.ts'

export interface PushSubscriptionInput {
  endpoint: string
  p256dh: string
  auth: string
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/

/**
 * A push service endpoint the server may post to: https, or http on this machine outside production
 * (the test push service). Anything else is refused, so the server never posts to an address a
 * caller made up on the local network.
 */
function checkEndpoint(ctx: RequestContext, endpoint: string): void {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new AppError('VALIDATION', 'The push endpoint is not a URL.')
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  const allowed =
    url.protocol === 'https:' || (url.protocol === 'http:' && loopback && !ctx.services.config.isProduction)
  if (!allowed || endpoint.length > 2_000)
    throw new AppError('VALIDATION', 'The push endpoint is not allowed.')
}

/** The VAPID public key browsers subscribe with; null when push is off (production without keys). */
export function pushPublicKey(ctx: RequestContext): string | null {
  authenticate(ctx.actor)
  return ctx.services.config.push?.publicKey ?? null
}

/** Keep the signed-in member's browser subscription (again: an endpoint moves to its latest owner). */
export async function subscribeToPush(ctx: RequestContext, input: PushSubscriptionInput): Promise<boolean> {
  const actor = authenticate(ctx.actor)
  if (!ctx.services.config.push)
    throw new AppError('CONFLICT', 'Notifications are not set up on this server.')
  checkEndpoint(ctx, input.endpoint)
  if (
    !BASE64URL.test(input.p256dh) ||
    !BASE64URL.test(input.auth) ||
    input.p256dh.length > 200 ||
    input.auth.length > 100
  ) {
    throw new AppError('VALIDATION', 'The push subscription keys are not valid.')
  }
  const values = { userId: actor.id, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth }
  await ctx.services.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
  return true
}

/** Forget one of the signed-in member's browsers (turned off, or signed out there). */
export async function unsubscribeFromPush(ctx: RequestContext, endpoint: string): Promise<boolean> {
  const actor = authenticate(ctx.actor)
  const removed = await ctx.services.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, actor.id), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
  return removed.length > 0
}

/**
 * Whether this browser's subscription sends the signed-in member's notifications (`/profile` shows
 * "on" only then: on a shared device the browser may still be subscribed for someone else).
 */
export async function pushSubscriptionActive(ctx: RequestContext, endpoint: string): Promise<boolean> {
  const actor = authenticate(ctx.actor)
  const [row] = await ctx.services.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, actor.id), eq(pushSubscriptions.endpoint, endpoint)))
  return Boolean(row)
}
