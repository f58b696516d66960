/** An account the e2e server knows, as tests receive it through `inject`. */
export interface TestAccount {
  email: string
  password: string
  name: string
}

/** A demo account (seeded by the server in demo mode), with its roles. */
export interface DemoTestAccount extends TestAccount {
  roles: string[]
}

/** The demo account with this email; throws when there is none, so a typo fails loudly. */
export function demoAccount(accounts: DemoTestAccount[], email: string): DemoTestAccount {
  const account = accounts.find((a) => a.email === email)
  if (!account) throw new Error(`No demo account ${email}`)
  return account
}

/**
 * The address the test runner's own API calls claim (TEST-NET-1), apart from the browser's, so the
 * per-address sign-in limits count them separately (the e2e server trusts 127.0.0.1 as a proxy).
 */
export const TEST_RUNNER_ADDRESS = '192.0.2.10'

function jsonHeaders(baseUrl: string, cookie?: string): Record<string, string> {
  // better-auth refuses state-changing requests whose Origin is not the app's own.
  return {
    'content-type': 'application/json',
    origin: baseUrl,
    'x-forwarded-for': TEST_RUNNER_ADDRESS,
    ...(cookie ? { cookie } : {}),
  }
}

/** `name=value` pairs of a response's Set-Cookie headers, ready to send back as Cookie. */
function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) throw new Error(`${what} failed: HTTP ${response.status} ${await response.text()}`)
}

/** Create an account through the real sign-up endpoint (it still needs its email verified). */
export async function signUp(baseUrl: string, account: TestAccount): Promise<void> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: jsonHeaders(baseUrl),
    body: JSON.stringify(account),
  })
  await expectOk(response, `sign-up of ${account.email}`)
}

/** Sign in with email and password; returns the session cookie. */
export async function signIn(baseUrl: string, account: TestAccount): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: jsonHeaders(baseUrl),
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  await expectOk(response, `sign-in of ${account.email}`)
  return cookieFrom(response)
}

const tokens = new Map<string, { token: string; expiresAt: number }>()
// Access tokens live 15 minutes; reuse one for a while so tests do not trip the sign-in rate limits.
const TOKEN_REUSE_MS = 5 * 60_000

/** A bearer access token (JWT) for the account, as the client sends to /api/graphql. */
export async function accessToken(baseUrl: string, account: TestAccount): Promise<string> {
  const key = `${baseUrl} ${account.email}`
  const cached = tokens.get(key)
  if (cached && cached.expiresAt > Date.now()) return cached.token
  const token = await tokenFromCookie(baseUrl, await signIn(baseUrl, account), account.email)
  tokens.set(key, { token, expiresAt: Date.now() + TOKEN_REUSE_MS })
  return token
}

/** A bearer access token for the session a cookie holds (`who` names it in errors). */
export async function tokenFromCookie(baseUrl: string, cookie: string, who: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/token`, {
    headers: { cookie, origin: baseUrl, 'x-forwarded-for': TEST_RUNNER_ADDRESS },
  })
  await expectOk(response, `token for ${who}`)
  const { token } = (await response.json()) as { token: string }
  return token
}

/** POST one GraphQL operation with a bearer token; throws on HTTP or GraphQL errors. */
export async function graphqlAs<T>(
  baseUrl: string,
  token: string,
  operation: { query: string; operationName: string; variables?: Record<string, unknown> },
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/graphql`, {
    method: 'POST',
    headers: { ...jsonHeaders(baseUrl), authorization: `Bearer ${token}`, 'auth-provider': 'better-auth' },
    body: JSON.stringify({ variables: {}, ...operation }),
  })
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] }
  if (!response.ok || body.errors?.length || !body.data) {
    throw new Error(`${operation.operationName} failed: HTTP ${response.status} ${JSON.stringify(body)}`)
  }
  return body.data
}
