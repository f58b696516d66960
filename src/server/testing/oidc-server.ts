import type { Server } from 'node:http'
import Provider from 'oidc-provider'
import { freePort } from './smtp.ts'

export interface TestOidc {
  issuer: string
  clientId: string
  clientSecret: string
  close(): Promise<void>
}

export interface OidcAccount {
  sub: string
  email: string
  name: string
}

/**
 * A real OpenID Connect provider (oidc-provider) with one confidential client, for the generic
 * OIDC sign-in flow. Its development interactions log in whoever's id is posted: enough to drive
 * the protocol end to end.
 */
export async function startOidc(redirectUri: string, accounts: OidcAccount[]): Promise<TestOidc> {
  const port = await freePort()
  const issuer = `http://127.0.0.1:${port}`
  const clientId = 'stagedoor-test'
  const clientSecret = 'stagedoor-test-secret-0123456789abcdef'
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => {
      const account = accounts.find((a) => a.sub === id)
      if (!account) return undefined
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: true, name: account.name }),
      }
    },
    cookies: { keys: ['stagedoor-oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  })
  provider.on('server_error', () => {})
  const server: Server = provider.listen(port)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A minimal cookie jar per origin, for following redirects across two servers with fetch. */
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>()

  header(url: string): string {
    const jar = this.jars.get(new URL(url).origin)
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : ''
  }

  store(url: string, response: Response): void {
    const origin = new URL(url).origin
    const jar = this.jars.get(origin) ?? new Map<string, string>()
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      if (/max-age=0/i.test(cookie) || value === '') jar.delete(name)
      else jar.set(name, value)
    }
    this.jars.set(origin, jar)
  }

  /** fetch with this jar, following redirects by hand (so every hop's cookies are kept). */
  async fetch(
    url: string,
    init: RequestInit = {},
    maxHops = 20,
  ): Promise<{ url: string; response: Response }> {
    let current = url
    let request = init
    for (let hop = 0; hop < maxHops; hop++) {
      const headers = new Headers(request.headers)
      const cookie = this.header(current)
      if (cookie) headers.set('cookie', cookie)
      const response = await fetch(current, { ...request, headers, redirect: 'manual' })
      this.store(current, response)
      const location = response.headers.get('location')
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response }
      current = new URL(location, current).toString()
      request = {}
    }
    throw new Error(`too many redirects from ${url}`)
  }
}
