import { useSyncExternalStore } from 'react'

/**
 * Whether the realtime socket is connected now, and which connection it is (`generation` goes up on
 * every new connection). A live view counts as live only once it has heard from the server on the
 * current connection; while the socket is down it falls back to fetching (the door's count polls).
 */
export interface RealtimeStatus {
  open: boolean
  generation: number
}

let status: RealtimeStatus = { open: false, generation: 0 }
const listeners = new Set<() => void>()

/** The GraphQL connection calls this when its socket is acknowledged (true) or closes (false). */
export function setRealtimeOpen(open: boolean): void {
  if (open === status.open) return
  status = { open, generation: open ? status.generation + 1 : status.generation }
  for (const listener of [...listeners]) listener()
}

export function realtimeStatus(): RealtimeStatus {
  return status
}

export function onRealtimeStatus(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The socket's status, re-rendering when it changes. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(onRealtimeStatus, realtimeStatus, realtimeStatus)
}
