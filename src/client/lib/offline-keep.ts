// Files kept on the device for offline use (issue 19, decision 0028): info-pack attachments (fetched
// ahead, offline/prefetch.ts) and the learning tracks a member chose to keep (note-bashing). The page
// stores them; the service worker answers a file link from the kept copy, whatever its signature.
import {
  EVENT_HEADER,
  fileCacheUrl,
  keepableFile,
  KIND_HEADER,
  SAVED_AT_HEADER,
} from '#client/sw/offline-rules.ts'

export interface KeepTarget {
  /** The Cache Storage bucket (MEMBER_CACHE for attachments, TRACKS_CACHE for tracks). */
  cacheName: string
  /** The event it belongs to: dropped when the sidebar no longer lists it. */
  event: string
  kind: 'attachment' | 'track'
}

/**
 * Counts sign-outs begun on this page. The worker empties the member's caches when the sign-out
 * request passes through it, but the page writes too (kept files, the fetch-ahead's note): a write
 * that began before a sign-out must not put a cache back after it (`caches.open` creates one).
 */
let signOuts = 0
/** A sign-out has begun here and not yet ended: no page-side offline work may start meanwhile. */
let signingOut = false

/** A sign-out has begun here: every page-side write begun before it keeps nothing. */
export function endOfflineWrites(): void {
  signOuts += 1
  signingOut = true
}

/** The sign-out begun here has ended (signed out, whatever the server said). */
export function signOutEnded(): void {
  signingOut = false
}

/**
 * Whether offline work may start now: not while a sign-out is under way. Work started then would
 * carry the new mark (`offlineSession`) and could keep the member's answers after the worker emptied
 * the buckets (a `MyTickets` answer and the fetch-ahead's note outlived a sign-out in e2e).
 */
export function offlineWritesOpen(): boolean {
  return !signingOut
}

/** A mark to pass to `putKept`: the writes of this piece of work belong to the current session. */
export function offlineSession(): number {
  return signOuts
}

/**
 * Put an answer in a member cache unless the member signed out on this page since `since`; a
 * sign-out that lands while the write runs removes the bucket again (the worker's rule, page side).
 */
export async function putKept(
  cacheName: string,
  key: string,
  response: Response,
  since: number,
): Promise<void> {
  if (since !== signOuts) return
  await (await caches.open(cacheName)).put(key, response)
  if (since !== signOuts) await caches.delete(cacheName)
}

/** Whether this browser can keep files for offline use (Cache Storage and a service worker). */
export function canKeepOffline(): boolean {
  return typeof caches !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator
}

function keyOf(url: string): string {
  const key = fileCacheUrl(url, window.location.origin)
  if (!key) throw new Error('Only stored files can be kept on this device.')
  return key
}

/** The size in bytes of the kept copy of a file link, or null when none is kept. */
export async function keptSize(url: string, cacheName: string): Promise<number | null> {
  if (!canKeepOffline()) return null
  // NOTE: `caches.match` with a bucket name, not `caches.open`: opening makes the bucket, and the
  // fetch-ahead asking this during a sign-out put an empty member bucket back after it.
  const kept = await caches.match(keyOf(url), { cacheName })
  if (!kept) return null
  const length = Number(kept.headers.get('content-length'))
  return Number.isFinite(length) && length > 0 ? length : (await kept.blob()).size
}

/**
 * Fetch a file link and keep the server's 200 answer under its path (no signature); returns its size.
 * Anything else (403 for an expired link, a range, a network failure) keeps nothing and throws.
 */
export async function keepFile(url: string, target: KeepTarget): Promise<number> {
  const since = offlineSession()
  const key = keyOf(url)
  const response = await fetch(url, { credentials: 'same-origin' })
  if (!keepableFile(response)) throw new Error(`The file could not be saved (HTTP ${response.status}).`)
  const blob = await response.blob()
  const headers = new Headers()
  headers.set('content-type', response.headers.get('content-type') ?? blob.type)
  const disposition = response.headers.get('content-disposition')
  if (disposition) headers.set('content-disposition', disposition)
  headers.set('content-length', String(blob.size))
  headers.set(SAVED_AT_HEADER, new Date().toISOString())
  headers.set(EVENT_HEADER, target.event)
  headers.set(KIND_HEADER, target.kind)
  await putKept(target.cacheName, key, new Response(blob, { status: 200, headers }), since)
  return blob.size
}

/** Remove the kept copy of a file link. */
export async function dropFile(url: string, cacheName: string): Promise<void> {
  const since = offlineSession()
  if (!canKeepOffline() || !(await caches.has(cacheName))) return
  await (await caches.open(cacheName)).delete(keyOf(url))
  // A sign-out between `has` and `open` had its bucket made again by `open`: take it back.
  if (since !== signOuts) await caches.delete(cacheName)
}
