// The service worker (issue 19, decision 0028): the app shell for offline starts, the member's
// participant pages kept network-first with their saved time, the cache emptied on sign-out, and Web
// Push notifications. Registered by src/client/offline/register.ts in production builds only.
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching'
import {
  graphqlCacheUrl,
  keepable,
  MEMBER_CACHE,
  noSession,
  offlineOperation,
  SAVED_AT_HEADER,
  SESSION_PATHS,
  SIGN_OUT_PATHS,
  type GraphQLBody,
  type WorkerMessage,
} from './offline-rules.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }

// A new deploy's worker takes over at once: the shell is fetched network-first anyway, and hashed
// assets of the old build stay precached only until it activates.
void self.skipWaiting()
clientsClaim()
cleanupOutdatedCaches()
precache(self.__WB_MANIFEST)

self.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate') {
    if (!url.pathname.startsWith('/api/')) event.respondWith(navigation(request))
    return
  }
  if (request.method === 'GET' && url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request))
  } else if (request.method === 'GET' && SESSION_PATHS.has(url.pathname)) {
    event.respondWith(session(request, url))
  } else if (request.method === 'POST' && SIGN_OUT_PATHS.has(url.pathname)) {
    event.respondWith(forgetThenFetch(request))
  } else if (request.method === 'POST' && url.pathname === '/api/graphql') {
    event.respondWith(graphql(request, event.clientId))
  }
})

/** Pages: always the server's (never a stale shell after a deploy); the precached shell offline. */
async function navigation(request: Request): Promise<Response> {
  try {
    return await fetch(request)
  } catch (error) {
    const shell = await matchPrecache('/index.html')
    if (!shell) throw error
    return shell
  }
}

/** Hashed build files: precached ones from the precache, any other from the network. */
async function asset(request: Request): Promise<Response> {
  return (await matchPrecache(request.url)) ?? fetch(request)
}

/** Empty the member cache: sign-out, an ended session, a deleted account. */
async function forget(): Promise<void> {
  await caches.delete(MEMBER_CACHE)
}

async function forgetThenFetch(request: Request): Promise<Response> {
  await forget()
  return fetch(request)
}

/** A copy of the response stamped with the time it was saved. */
async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers)
  headers.set(SAVED_AT_HEADER, new Date().toISOString())
  return new Response(await response.clone().blob(), { status: response.status, headers })
}

async function session(request: Request, url: URL): Promise<Response> {
  const key = `${url.origin}${url.pathname}`
  try {
    const response = await fetch(request)
    if (response.ok) {
      const json: unknown = await response
        .clone()
        .json()
        .catch(() => null)
      if (url.pathname === '/api/auth/get-session' && noSession(json)) await forget()
      else await (await caches.open(MEMBER_CACHE)).put(key, await stamped(response))
    } else if (response.status === 401) {
      await forget()
    }
    return response
  } catch (error) {
    const cached = await caches.match(key, { cacheName: MEMBER_CACHE })
    if (!cached) throw error
    return cached
  }
}

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

async function tell(clientId: string, message: WorkerMessage): Promise<void> {
  const client = clientId ? await self.clients.get(clientId) : undefined
  client?.postMessage(message)
}

/** Participant queries network-first, kept while they answer with data; the rest untouched. */
async function graphql(request: Request, clientId: string): Promise<Response> {
  const text = await request.clone().text()
  let body: GraphQLBody | null = null
  try {
    body = JSON.parse(text) as GraphQLBody
  } catch {
    // Not JSON: the server answers it.
  }
  const operation = offlineOperation(body)
  if (!operation) return fetch(request)
  const key = graphqlCacheUrl(
    self.location.origin,
    operation,
    await digest(JSON.stringify(body?.variables ?? {})),
  )
  try {
    const response = await fetch(request)
    const json: unknown = await response
      .clone()
      .json()
      .catch(() => null)
    const cache = await caches.open(MEMBER_CACHE)
    // An answer without data (access ended: withdrawn, event over) drops what was kept.
    if (response.ok && keepable(json)) await cache.put(key, await stamped(response))
    else await cache.delete(key)
    void tell(clientId, { type: 'stagedoor-online' })
    return response
  } catch (error) {
    const cached = await caches.match(key, { cacheName: MEMBER_CACHE })
    if (!cached) throw error
    void tell(clientId, { type: 'stagedoor-offline', savedAt: cached.headers.get(SAVED_AT_HEADER) ?? '' })
    return cached
  }
}

interface PushPayload {
  title?: string
  body?: string
  url?: string
  tag?: string
}

self.addEventListener('push', (event) => {
  let payload: PushPayload = {}
  try {
    payload = (event.data?.json() ?? {}) as PushPayload
  } catch {
    payload = { body: event.data?.text() ?? '' }
  }
  event.waitUntil(
    self.registration.showNotification(payload.title ?? 'Stagedoor', {
      body: payload.body ?? '',
      icon: '/pwa-icon.svg',
      tag: payload.tag,
      data: { url: payload.url ?? '/' },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = new URL(
    String((event.notification.data as { url?: string } | null)?.url ?? '/'),
    self.location.origin,
  )
  if (url.origin !== self.location.origin) return
  event.waitUntil(self.clients.openWindow(url.href))
})
