// The service worker (issue 19, decision 0028): the app shell for offline starts, the member's
// participant pages kept network-first with their saved time, the cache emptied on sign-out, and Web
// Push notifications. Registered by src/client/offline/register.ts in production builds only.
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching'
import { pageSessionInHtml, parsePageSession, type PageSession } from '../lib/auth/page-session.ts'
import { answerFromCopy } from './cached-range.ts'
import { dropKept, navApplicationsOf, offlinePlan } from './offline-plan.ts'
import {
  canonicalJson,
  EVENT_HEADER,
  eventOfVariables,
  fileCacheUrl,
  graphqlCacheUrl,
  isMemberCache,
  keepable,
  keptSessionOf,
  KIND_HEADER,
  MEMBER_CACHE,
  MEMBER_CACHES,
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

// Buckets of an older build's layout (v1 had no event on its entries) go when this worker starts.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => isMemberCache(n) && !MEMBER_CACHES.includes(n)).map((n) => caches.delete(n)),
        ),
      ),
  )
})

// A page tells the worker who is signed in when the session did not come with a page it saw (a
// sign-in on the login page; a page loaded before this worker took control): issue 32.
self.addEventListener('message', (event) => {
  const text = keptSessionOf(event.data)
  const session = text === null ? null : parsePageSession(text)
  if (session) event.waitUntil(keepSession(session, forgets))
})

self.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  const fileKey = request.method === 'GET' ? fileCacheUrl(request.url, self.location.origin) : null
  if (fileKey) {
    event.respondWith(file(request, fileKey))
    return
  }
  if (request.mode === 'navigate') {
    if (!url.pathname.startsWith('/api/')) {
      event.respondWith(navigation(request, (work) => event.waitUntil(work)))
    }
    return
  }
  if (request.method === 'GET' && url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request))
  } else if (request.method === 'GET' && SESSION_PATHS.has(url.pathname)) {
    event.respondWith(session(request, url))
  } else if (request.method === 'POST' && SIGN_OUT_PATHS.has(url.pathname)) {
    event.respondWith(forgetThenFetch(request))
  } else if (request.method === 'POST' && url.pathname === '/api/graphql') {
    event.respondWith(graphql(request, event.clientId, (work) => event.waitUntil(work)))
  }
})

/**
 * Pages: always the server's (never a stale shell after a deploy, never kept: a signed-in member's
 * page carries their session); the precached shell offline.
 */
async function navigation(request: Request, waitUntil: (work: Promise<unknown>) => void): Promise<Response> {
  try {
    const response = await fetch(request)
    if (response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html')) {
      waitUntil(keepPageSession(response.clone()).catch(() => undefined))
    }
    return response
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

/** How many times `forget` has run: work that began before one must not write after it. */
let forgets = 0

/**
 * Empty every member bucket (pages, attachments, kept tracks) and end this browser's push
 * subscription: sign-out, an ended session, a deleted account.
 */
async function forget(): Promise<void> {
  forgets += 1
  await Promise.all([
    dropMemberCaches(),
    // Notifications belong to the member who turned them on: a shared device stops receiving them.
    // The push service then answers the server 410 for this endpoint, and the server deletes it.
    // Never holds sign-out up: a browser without a push service may not answer at all.
    Promise.race([
      self.registration.pushManager.getSubscription().then((subscription) => subscription?.unsubscribe()),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]).catch(() => undefined),
  ])
}

/**
 * A stored file (info-pack attachment, learning track): the copy kept on the device when there is
 * one, whatever the link's signature (the key is the path), with the range the player asks for;
 * otherwise the network. Keeping is the page's choice (lib/offline-keep.ts), not the worker's.
 */
async function file(request: Request, key: string): Promise<Response> {
  for (const name of MEMBER_CACHES) {
    const cached = await caches.match(key, { cacheName: name })
    if (cached) return answerFromCopy(request, cached)
  }
  return fetch(request)
}

/**
 * The sidebar's data arrived from the server: drop everything kept for an event it no longer lists
 * (withdrawn, event over) or for a page the event no longer grants.
 */
async function dropEnded(json: unknown, before: number): Promise<void> {
  const data = (json as { data?: { myApplications?: unknown } } | null)?.data
  const applications = navApplicationsOf(data?.myApplications)
  if (!applications) return
  const plan = offlinePlan(applications, new Date())
  for (const name of MEMBER_CACHES) {
    await inExistingCache(name, before, async (cache) => {
      for (const key of await cache.keys()) {
        const kept = await cache.match(key)
        const entry = {
          event: kept?.headers.get(EVENT_HEADER) ?? null,
          kind: kept?.headers.get(KIND_HEADER) ?? null,
        }
        if (dropKept(entry, plan)) await cache.delete(key)
      }
    })
  }
}

/**
 * Work on a member bucket only if it exists. `caches.open` makes a bucket again when a sign-out
 * deleted it between `has` and `open` (an empty member bucket outlived a sign-out in CI): a sign-out
 * since `before` takes the buckets back once the work is done.
 */
async function inExistingCache(
  name: string,
  before: number,
  work: (cache: Cache) => Promise<void>,
): Promise<void> {
  if (forgets !== before || !(await caches.has(name))) return
  await work(await caches.open(name))
  if (forgets !== before) await dropMemberCaches()
}

async function forgetThenFetch(request: Request): Promise<Response> {
  await forget()
  return fetch(request)
}

/** A copy of the response stamped with the time it was saved (and what it is, for dropping). */
async function stamped(response: Response, tags: Record<string, string> = {}): Promise<Response> {
  const headers = new Headers(response.headers)
  headers.set(SAVED_AT_HEADER, new Date().toISOString())
  for (const [name, value] of Object.entries(tags)) headers.set(name, value)
  return new Response(await response.clone().blob(), { status: response.status, headers })
}

/**
 * A page served with the member's session (server/auth/page-session.ts) means the app asks none of
 * get-session, token and CurrentUser: their answers are kept from the page instead, as if asked, so
 * the session still starts offline from the shell.
 */
async function keepPageSession(response: Response): Promise<void> {
  const before = forgets
  const session = pageSessionInHtml(await response.text())
  if (session) await keepSession(session, before)
}

/**
 * The answers an offline start asks for (get-session, token, CurrentUser), kept from a session the
 * worker was told of rather than asked: a page that carried it, or the page's own message.
 */
async function keepSession(session: PageSession, before: number): Promise<void> {
  const origin = self.location.origin
  const json = (body: unknown, tags?: Record<string, string>) =>
    stamped(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }), tags)
  const currentUserKey = graphqlCacheUrl(origin, 'CurrentUser', await digest(canonicalJson({})))
  await Promise.all([
    keep(before, `${origin}/api/auth/get-session`, await json({ user: session.user })),
    keep(before, `${origin}/api/auth/token`, await json({ token: session.token })),
    keep(
      before,
      currentUserKey,
      await json({ data: { currentUser: session.user } }, { [KIND_HEADER]: 'CurrentUser' }),
    ),
  ])
}

/**
 * Keep an answer for the member, unless they signed out since it was asked for (`before`, the
 * `forgets` count then): an answer arriving after sign-out, or written while it ran, is taken back.
 */
async function keep(before: number, key: string, response: Response): Promise<void> {
  if (forgets !== before) return
  await (await caches.open(MEMBER_CACHE)).put(key, response)
  if (forgets !== before) await dropMemberCaches()
}

async function dropMemberCaches(): Promise<void> {
  await Promise.all((await caches.keys()).filter(isMemberCache).map((name) => caches.delete(name)))
}

async function session(request: Request, url: URL): Promise<Response> {
  const key = `${url.origin}${url.pathname}`
  const before = forgets
  try {
    const response = await fetch(request)
    if (response.ok) {
      const json: unknown = await response
        .clone()
        .json()
        .catch(() => null)
      if (url.pathname === '/api/auth/get-session' && noSession(json)) await forget()
      else await keep(before, key, await stamped(response))
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
async function graphql(
  request: Request,
  clientId: string,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<Response> {
  const text = await request.clone().text()
  let body: GraphQLBody | null = null
  try {
    body = JSON.parse(text) as GraphQLBody
  } catch {
    // Not JSON: the server answers it.
  }
  const operation = offlineOperation(body)
  if (!operation) return fetch(request)
  const variables = body?.variables ?? {}
  const key = graphqlCacheUrl(self.location.origin, operation, await digest(canonicalJson(variables)))
  const event = eventOfVariables(variables)
  const tags: Record<string, string> = {
    [KIND_HEADER]: operation,
    ...(event ? { [EVENT_HEADER]: event } : {}),
  }
  const before = forgets
  try {
    const response = await fetch(request)
    const json: unknown = await response
      .clone()
      .json()
      .catch(() => null)
    // An answer without data (access ended: withdrawn, event over) drops what was kept.
    if (response.ok && keepable(json)) {
      await keep(before, key, await stamped(response, tags))
      // Not awaited: the sidebar's answer is not held up by the clean-up.
      if (operation === 'NavItemsQuery') waitUntil(dropEnded(json, before))
    } else {
      await inExistingCache(MEMBER_CACHE, before, async (cache) => void (await cache.delete(key)))
    }
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
