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
  if (!canKeepOffline() || !(await caches.has(cacheName))) return null
  const kept = await (await caches.open(cacheName)).match(keyOf(url))
  if (!kept) return null
  const length = Number(kept.headers.get('content-length'))
  return Number.isFinite(length) && length > 0 ? length : (await kept.blob()).size
}

/**
 * Fetch a file link and keep the server's 200 answer under its path (no signature); returns its size.
 * Anything else (403 for an expired link, a range, a network failure) keeps nothing and throws.
 */
export async function keepFile(url: string, target: KeepTarget): Promise<number> {
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
  await (await caches.open(target.cacheName)).put(key, new Response(blob, { status: 200, headers }))
  return blob.size
}

/** Remove the kept copy of a file link. */
export async function dropFile(url: string, cacheName: string): Promise<void> {
  if (!canKeepOffline() || !(await caches.has(cacheName))) return
  await (await caches.open(cacheName)).delete(keyOf(url))
}
