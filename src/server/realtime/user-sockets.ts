import type { UserChanged } from './topics.ts'

/** What of a WebSocket this needs (the `ws` socket Mercurius hands the subscription context). */
export interface ClosableSocket {
  close(code?: number, reason?: string): void
  once(event: 'close', listener: () => void): unknown
}

/** graphql-ws's "Forbidden": the client connects again, with a fresh token naming its current roles. */
export const USER_CHANGED_CLOSE_CODE = 4403
/** The socket's account was deleted (reason `USER_DELETED`): not one of graphql-ws's fatal codes, so the client reconnects, signed out. */
export const USER_DELETED_CLOSE_CODE = 4410

/**
 * The realtime connections of each signed-in user, so that a change to who they are (a role revoked,
 * their sessions ended, the account deleted) ends their subscriptions at once: the socket closes and
 * the client reconnects with what it may now see, or is signed out (issue 17, finding 3).
 */
export function createUserSockets() {
  const byUser = new Map<string, Set<ClosableSocket>>()
  return {
    track(userId: string, socket: ClosableSocket): void {
      let set = byUser.get(userId)
      if (!set) byUser.set(userId, (set = new Set()))
      if (set.has(socket)) return
      set.add(socket)
      socket.once('close', () => {
        set.delete(socket)
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId)
      })
    },
    onUserChanged(change: UserChanged): void {
      // A new name or photo changes nothing a socket was allowed to hear.
      if (change.reason === 'profile') return
      const set = byUser.get(change.userId)
      if (!set) return
      byUser.delete(change.userId)
      for (const socket of set) {
        if (change.reason === 'deleted') socket.close(USER_DELETED_CLOSE_CODE, 'USER_DELETED')
        else socket.close(USER_CHANGED_CLOSE_CODE, `user changed: ${change.reason}`)
      }
    },
    count(userId: string): number {
      return byUser.get(userId)?.size ?? 0
    },
  }
}
