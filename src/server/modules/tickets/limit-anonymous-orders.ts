import { AppError } from '#core/errors.ts'
import { consumeRateLimit } from '#server/auth/rate-limit.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'

const HOUR_SECONDS = 3600

/**
 * Count a hold or order placed without sign-in against the client address and the typed email
 * (issue 26, finding 9): made-up addresses from one client hit the address limit, one address from
 * many clients hits the email limit. Signed-in buyers are limited per account by the per-person limit.
 * Throws RATE_LIMITED (429) with the seconds to wait. Counted in the hold's transaction (`tx`,
 * decision 0055): the count and the hold share a commit, and a hold refused (sold out, rolled back)
 * is not counted.
 */
export async function limitAnonymousOrder(
  ctx: RequestContext,
  { clientAddress, email }: { clientAddress: string; email: string },
  tx: Tx,
): Promise<void> {
  if (ctx.actor) return
  const { config } = ctx.services
  const now = ctx.now().getTime()
  const rules = [
    { key: `tickets:ip:${clientAddress}`, max: config.anonymousTickets.perAddress, what: 'your network' },
    {
      key: `tickets:email:${email.trim().toLowerCase()}`,
      max: config.anonymousTickets.perEmail,
      what: 'this email',
    },
  ]
  for (const rule of rules) {
    const result = await consumeRateLimit(tx, rule.key, { window: HOUR_SECONDS, max: rule.max }, now)
    if (!result.allowed) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many ticket orders from ${rule.what} without signing in. Sign in, or try again later.`,
        { retryAfterSeconds: result.retryAfterSeconds },
      )
    }
  }
}
