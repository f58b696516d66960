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

// The member's REST calls with the access token and saving a download live in lib (receipts use them too).
export { download, withToken } from '#client/lib/download.ts'
