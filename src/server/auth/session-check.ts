import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { sessions } from '#server/db/schema/index.ts'
import type { Message } from 'mqemitter'
import type { Bus, BusMessage } from '#server/realtime/bus.ts'
import type { UserChanged } from '#server/realtime/topics.ts'

/**
 * Is the session an access token names still there? (issue 17, finding 3; decision 0024.)
 *
 * Every access token carries its session's id (`sid`). A token whose session was deleted (sign-out,
 * "sign out everywhere", a password change or reset, the account deleted) is refused at once, not
 * when the token expires. The answer is cached per session so the hot path costs a Map lookup; the
 * cache forgets a user the moment `USER_CHANGED` is heard for them on the bus (every process hears
 * it on PostgreSQL), and entries live at most `CACHE_MS` in case a notification was ever missed.
 *
 * THE ONE PLACE the revocation check lives: anything that accepts an access token (GraphQL, uploads,
 * realtime, a later cache of the user behind a token) asks `isLive` and drops its own per-user state
 * on `onUserChanged`.
 */
export interface SessionCheck {
  /** True when session `sid` exists, belongs to `userId` and has not expired. */
  isLive(sid: string, userId: string): Promise<boolean>
  /** Forget what is cached of a user now (the process that made the change calls this itself). */
  forgetUser(userId: string): void
  /** Run `listener` whenever a user's sessions, roles or existence change (on any process). */
  onUserChanged(listener: (change: UserChanged) => void): () => void
  close(): void
}

/** Longest a cached "live" answer is trusted without hearing from the bus. */
export const SESSION_CACHE_MS = 60_000
const MAX_ENTRIES = 50_000

export function createSessionCheck(deps: { db: Db; bus: Bus; clock?: () => number }): SessionCheck {
  const { db, bus } = deps
  const clock = deps.clock ?? Date.now
  const live = new Map<string, { userId: string; until: number }>()
  const listeners = new Set<(change: UserChanged) => void>()

  const forgetUser = (userId: string) => {
    for (const [sid, entry] of live) if (entry.userId === userId) live.delete(sid)
  }
  const onMessage = (message: Message, done: () => void) => {
    const change = (message as BusMessage).payload as UserChanged
    forgetUser(change.userId)
    for (const listener of listeners) listener(change)
    done()
  }
  bus.emitter.on('USER_CHANGED', onMessage)

  return {
    async isLive(sid, userId) {
      const now = clock()
      const cached = live.get(sid)
      if (cached && cached.until > now) return cached.userId === userId
      const [row] = await db
        .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.id, sid), gt(sessions.expiresAt, new Date(now))))
        .limit(1)
      if (!row) {
        live.delete(sid)
        return false
      }
      if (live.size >= MAX_ENTRIES) live.clear()
      live.set(sid, { userId: row.userId, until: Math.min(row.expiresAt.getTime(), now + SESSION_CACHE_MS) })
      return row.userId === userId
    },
    forgetUser,
    onUserChanged(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      bus.emitter.removeListener('USER_CHANGED', onMessage)
      live.clear()
      listeners.clear()
    },
  }
}
