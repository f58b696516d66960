// Other tabs: session changes mirrored over BroadcastChannel, or a storage marker where there is
// none. The token travels only over BroadcastChannel, never into storage.

/** What one tab tells the others. The token travels only over BroadcastChannel, never into storage. */
export type SyncMessage =
  | { type: 'session'; userId: string; token?: string; expiresAt?: number | null }
  | { type: 'signed-out'; reason: 'SIGNED_OUT' | 'USER_DELETED' }

export interface TabSync {
  post(message: SyncMessage): void
  subscribe(listener: (message: SyncMessage) => void): () => void
  close(): void
}

export const AUTH_CHANNEL_NAME = 'stagedoor-auth'
export const AUTH_STORAGE_KEY = 'stagedoor.auth.session'

function isSyncMessage(value: unknown): value is SyncMessage {
  if (typeof value !== 'object' || value === null) return false
  const message = value as Record<string, unknown>
  if (message.type === 'signed-out')
    return message.reason === 'SIGNED_OUT' || message.reason === 'USER_DELETED'
  return (
    message.type === 'session' &&
    typeof message.userId === 'string' &&
    (message.token === undefined || typeof message.token === 'string') &&
    (message.expiresAt === undefined || message.expiresAt === null || typeof message.expiresAt === 'number')
  )
}

export interface TabSyncEnvironment {
  BroadcastChannel?: typeof BroadcastChannel | undefined
  storage?: Pick<Storage, 'setItem' | 'removeItem'> | null | undefined
  /** Where `storage` events arrive (the window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | undefined
}

function browserTabSyncEnvironment(): TabSyncEnvironment {
  let storage: Storage | null = null
  try {
    storage = globalThis.localStorage ?? null
  } catch {
    // Storage can be blocked (privacy settings); then other tabs learn on their next check.
  }
  return {
    BroadcastChannel: globalThis.BroadcastChannel,
    storage,
    events: typeof window === 'undefined' ? undefined : window,
  }
}

/**
 * Mirror session changes across tabs: BroadcastChannel where there is one, else the `storage`
 * event of a marker in localStorage (the marker never holds the token). Null when neither exists.
 */
export function createTabSync(env: TabSyncEnvironment = browserTabSyncEnvironment()): TabSync | null {
  if (env.BroadcastChannel) {
    const channel = new env.BroadcastChannel(AUTH_CHANNEL_NAME)
    return {
      post: (message) => channel.postMessage(message),
      subscribe(listener) {
        const onMessage = (event: MessageEvent) => {
          if (isSyncMessage(event.data)) listener(event.data)
        }
        channel.addEventListener('message', onMessage)
        return () => channel.removeEventListener('message', onMessage)
      },
      close: () => channel.close(),
    }
  }
  const { storage, events } = env
  if (!storage || !events) return null
  return {
    post(message) {
      try {
        if (message.type === 'signed-out') storage.removeItem(AUTH_STORAGE_KEY)
        else {
          const marker = { type: 'session', userId: message.userId, expiresAt: message.expiresAt ?? null }
          storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(marker))
        }
      } catch {}
    },
    subscribe(listener) {
      const onStorage = (event: Event) => {
        const { key, newValue } = event as StorageEvent
        // key null: the whole storage was cleared, the marker with it.
        if (key !== null && key !== AUTH_STORAGE_KEY) return
        if (newValue === null || key === null) return listener({ type: 'signed-out', reason: 'SIGNED_OUT' })
        let parsed: unknown
        try {
          parsed = JSON.parse(newValue)
        } catch {
          return
        }
        if (isSyncMessage(parsed)) listener(parsed)
      }
      events.addEventListener('storage', onStorage)
      return () => events.removeEventListener('storage', onStorage)
    },
    close: () => undefined,
  }
}
