import type { DoorListEntry, OfflineScan } from '#core/tickets/door-offline.ts'

// The door's offline state, kept in this browser per event: the downloaded list (hashed codes) and
// the scans made offline, waiting to sync.

export interface DoorState {
  downloadedAt: string
  entries: DoorListEntry[]
  pending: (OfflineScan & { hash: string })[]
}

const key = (eventSlug: string) => `stagedoor.door.${eventSlug}`

export function loadDoor(eventSlug: string): DoorState | null {
  try {
    const raw = window.localStorage.getItem(key(eventSlug))
    return raw ? (JSON.parse(raw) as DoorState) : null
  } catch {
    return null
  }
}

export function saveDoor(eventSlug: string, state: DoorState): void {
  try {
    window.localStorage.setItem(key(eventSlug), JSON.stringify(state))
  } catch {
    // Storage full or off: the state lasts until the page is closed.
  }
}

/** Hex SHA-256, as the server hashes the codes in the door list. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
