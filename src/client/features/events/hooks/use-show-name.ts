import { useEffect, useSyncExternalStore } from 'react'
import { useClient } from 'urql'
import { ShowRevealedSubscription } from '../graphql/show-revealed.subscription.ts'
import { latestReveal, onReveal, recordReveal, revealedName } from '../show-reveals.ts'

/** Listens for show reveals while a page showing events is open. */
export function useShowRevealSubscription(): void {
  const client = useClient()
  useEffect(() => {
    // NOTE: subscribed directly (as the announcements are): each message is a side effect on the
    // shared store, and useSubscription's reducer may run twice under StrictMode.
    const { unsubscribe } = client.subscription(ShowRevealedSubscription, {}).subscribe((result) => {
      const reveal = result.data?.showRevealed
      if (reveal) recordReveal(reveal.eventId, reveal.showName)
    })
    return unsubscribe
  }, [client])
}

/**
 * An event's show name: what the server sent, or what the realtime reveal brought since.
 * `revealedLive` is true when it arrived while the page was open (the page animates it then).
 */
export function useShowName(event: { id: string; showName?: string | null }): {
  showName: string | null
  revealedLive: boolean
} {
  const snapshot = () => revealedName(event.id)
  const live = useSyncExternalStore(onReveal, snapshot, snapshot)
  if (event.showName) return { showName: event.showName, revealedLive: false }
  return { showName: live ?? null, revealedLive: live !== undefined }
}

/** The name revealed most recently while the page was open (undefined until one is). */
export function useLatestReveal(): string | undefined {
  return useSyncExternalStore(onReveal, latestReveal, latestReveal)
}
