import { httpError, isAuthError } from '#client/lib/auth/transport.ts'

// The account's own better-auth endpoints (/api/auth/*) and the member's REST routes, for /profile.

async function call<T>(path: string, body?: object): Promise<T> {
  const response = await fetch(path, {
    method: body ? 'POST' : 'GET',
    credentials: 'same-origin',
    headers: body
      ? { accept: 'application/json', 'content-type': 'application/json' }
      : { accept: 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) throw httpError(response, payload)
  return payload as T
}

export interface SessionInfo {
  id: string
  token: string
  createdAt: string
  updatedAt: string
  userAgent?: string | null
  ipAddress?: string | null
}

export interface LinkedAccount {
  id: string
  providerId: string
  accountId: string
  createdAt: string
}

export const accountApi = {
  changeEmail: (newEmail: string) =>
    call('/api/auth/change-email', { newEmail, callbackURL: '/profile?email-changed=1' }),
  changePassword: (currentPassword: string, newPassword: string) =>
    call('/api/auth/change-password', { currentPassword, newPassword }),
  listSessions: () => call<SessionInfo[]>('/api/auth/list-sessions'),
  currentSession: () => call<{ session?: { id?: string } } | null>('/api/auth/get-session'),
  revokeOtherSessions: () => call('/api/auth/revoke-other-sessions', {}),
  listAccounts: () => call<LinkedAccount[]>('/api/auth/list-accounts'),
  /** `id` is better-auth's own account row id (list-accounts' `id`), not the provider's `accountId`. */
  unlinkAccount: (id: string) => call('/api/auth/unlink-account', { accountId: id }),
  linkSocial: (provider: string) =>
    call<{ url?: string }>('/api/auth/link-social', { provider, callbackURL: '/profile' }),
}

/** The words to show for a failed account call. */
export function accountError(error: unknown): string {
  return isAuthError(error) ? error.message : 'Something went wrong. Try again.'
}

/** A REST call with the access token; the answer's `{error: {message}}` becomes the thrown message. */
export async function withToken(
  token: string | null,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const response = await fetch(path, {
    ...init,
    headers: { ...(init.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null
    throw new Error(body?.error?.message ?? `The request failed (${response.status}).`)
  }
  return response
}

/** Save a response body as a file the browser downloads. */
export async function download(response: Response, fallbackName: string): Promise<void> {
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
