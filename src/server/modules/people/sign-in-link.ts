import { randomBytes } from 'node:crypto'
import type { Services } from '#server/services.ts'

/**
 * A one-time sign-in link for `email`, made the way better-auth's magic-link plugin makes its own
 * (a `magic-link:<token>` verification row) but with our expiry: the operator's console hands it to
 * the person directly, without email. Opening it lands on `/login/magic`, whose button spends it.
 */
export async function createSignInLink(
  services: Pick<Services, 'auth' | 'config'>,
  who: { email: string; name: string },
  options: { expiresAt: Date; redirectTo: string },
): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  const auth = await services.auth.$context
  await auth.internalAdapter.createVerificationValue({
    identifier: `magic-link:${token}`,
    value: JSON.stringify({ type: 'magic-link', email: who.email, name: who.name }),
    expiresAt: options.expiresAt,
  })
  const url = new URL('/login/magic', services.config.appUrl)
  url.searchParams.set('token', token)
  url.searchParams.set('redirectTo', options.redirectTo)
  return url.toString()
}
