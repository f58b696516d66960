// The public mailing-list endpoints (REST, no sign-in): the widget, and the links in emails.

export interface PublicList {
  slug: string
  name: string
  description: string
}

export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, init)
  } catch {
    throw new PublicApiError(0, 'We could not reach the server. Check your connection and try again.')
  }
  const body = (await response.json().catch(() => null)) as
    (T & { error?: { message?: string; fields?: { path: string }[] } }) | null
  if (!response.ok) {
    const message =
      body?.error?.message ?? `Something went wrong (HTTP ${String(response.status)}). Try again.`
    throw new PublicApiError(response.status, message, body?.error?.fields?.[0]?.path)
  }
  return body as T
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

export const fetchPublicLists = (listName?: string) =>
  call<{ lists: PublicList[] }>(
    listName ? `/api/mailing-lists/public/${encodeURIComponent(listName)}` : '/api/mailing-lists/public',
  )

export const postSignup = (body: {
  email: string
  name: string
  lists: string[]
  altcha: string
  website: string
}) => call<{ message: string }>('/api/mailing-lists/subscribe', json(body))

export const postConfirm = (token: string) =>
  call<{ lists: string[] }>(`/api/mailing-lists/confirm/${encodeURIComponent(token)}`, { method: 'POST' })

export interface UnsubscribeView {
  listName: string
  email: string
  subscribed: boolean
}

export const fetchUnsubscribe = (token: string) =>
  call<UnsubscribeView>(`/api/mailing-lists/unsubscribe/${encodeURIComponent(token)}`)

export const postUnsubscribe = (token: string) =>
  call<UnsubscribeView>(`/api/mailing-lists/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' })
