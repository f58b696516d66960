// Show names revealed while the app is open, keyed by event id. The subscription fills it
// (hooks/use-show-name.ts); every component showing that event reads it, so one message swaps every
// teaser on the page at once.

const revealed = new Map<string, string>()
const listeners = new Set<() => void>()
let latest: string | undefined

export function recordReveal(eventId: string, showName: string): void {
  if (revealed.get(eventId) === showName) return
  revealed.set(eventId, showName)
  latest = showName
  for (const listener of listeners) listener()
}

export function revealedName(eventId: string): string | undefined {
  return revealed.get(eventId)
}

export function onReveal(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The name revealed most recently while the app was open, for the screen-reader announcement. */
export function latestReveal(): string | undefined {
  return latest
}
