import type { BrowserContext, Page } from 'playwright-core'
import { inject } from 'vitest'
import { signIn, tokenFromCookie, type TestAccount } from './accounts.ts'

const cookies = new Map<string, string>()
const tokens = new Map<string, { token: string; expiresAt: number }>()

/**
 * The session cookie of an account: a demo account's comes from the global setup, which signed each
 * in once for the whole run; any other is signed in once per file. NOTE: sign-in is rate limited per
 * address and per account, and the form is slower (the auth specs cover it).
 */
export async function sessionCookie(baseUrl: string, account: TestAccount): Promise<string> {
  const shared = inject('demoSessions')[account.email]
  if (shared) return shared
  const key = `${baseUrl} ${account.email}`
  const cached = cookies.get(key)
  if (cached) return cached
  const cookie = await signIn(baseUrl, account)
  cookies.set(key, cookie)
  return cookie
}

/** A bearer token for the account's shared session (for GraphQL calls the test makes itself). */
export async function sessionToken(baseUrl: string, account: TestAccount): Promise<string> {
  const cached = tokens.get(account.email)
  if (cached && cached.expiresAt > Date.now()) return cached.token
  const token = await tokenFromCookie(baseUrl, await sessionCookie(baseUrl, account), account.email)
  // Access tokens live 15 minutes.
  tokens.set(account.email, { token, expiresAt: Date.now() + 5 * 60_000 })
  return token
}

/** Make the browser signed in as `account` (or signed out, for null): its cookies only. */
export async function useSession(
  context: BrowserContext,
  baseUrl: string,
  account: TestAccount | null,
): Promise<void> {
  await context.clearCookies()
  if (!account) return
  const header = await sessionCookie(baseUrl, account)
  await context.addCookies(
    header.split('; ').map((pair) => {
      const split = pair.indexOf('=')
      return { name: pair.slice(0, split), value: pair.slice(split + 1), url: baseUrl }
    }),
  )
}

/** Forget what earlier tests left in the origin's localStorage (sidebar state, chosen event, session mirror). */
export async function clearStorage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/api/health`)
  await page.evaluate(() => window.localStorage.clear())
}
