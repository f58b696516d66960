import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Services } from '#server/services.ts'
import type { Topic } from '#server/realtime/topics.ts'
import { NAVIGATION_TOPICS } from './navigation-live.ts'

/**
 * `NavItemsQuery` (every page load of a signed-in member runs it) answered from memory, per member
 * (decision 0027). Nothing may go stale, so an entry goes:
 * - when the bus carries what drives `myNavigationChanged` (an application of theirs changed, the
 *   releases of any event changed), a change to the member (`USER_CHANGED`) or a show reveal, from
 *   any process;
 * - when any transaction commits in this process (`withTx`): writes that publish nothing (an event
 *   renamed, an application made) clear the cache too.
 * An answer computed while an invalidation happened is not kept (generation check).
 */
export const CACHED_OPERATION = 'NavItemsQuery'
const MAX_ENTRIES = 10_000
const INVALIDATING: readonly Topic[] = [...NAVIGATION_TOPICS, 'USER_CHANGED', 'SHOW_REVEALED']
const isInvalidating = (topic: string): topic is Topic => (INVALIDATING as readonly string[]).includes(topic)

/** The member a bus payload is about, when it names one. */
function userIdOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null || !('userId' in payload)) return undefined
  return typeof payload.userId === 'string' ? payload.userId : undefined
}

interface Entry {
  body: string
  contentType: string
}
interface Pending {
  memberKey: string
  generation: number
}

export class NavigationCache {
  private readonly entries = new Map<string, Entry>()
  private readonly memberGenerations = new Map<string, number>()
  private generation = 0
  hits = 0
  misses = 0

  get size(): number {
    return this.entries.size
  }

  private generationOf(userId: string): number {
    return this.generation + (this.memberGenerations.get(userId) ?? 0)
  }

  clear(): void {
    this.generation++
    this.entries.clear()
    this.memberGenerations.clear()
  }

  forget(userId: string): void {
    this.memberGenerations.set(userId, (this.memberGenerations.get(userId) ?? 0) + 1)
    for (const key of this.entries.keys()) if (key.startsWith(`${userId}\n`)) this.entries.delete(key)
  }

  onMessage(topic: Topic, payload: unknown): void {
    const userId = userIdOf(payload)
    if ((topic === 'APPLICATION_CHANGED' || topic === 'USER_CHANGED') && userId !== undefined) {
      this.forget(userId)
    } else {
      this.clear()
    }
  }

  lookup(userId: string, requestKey: string): { entry: Entry | undefined; pending: Pending } {
    const memberKey = `${userId}\n${requestKey}`
    const entry = this.entries.get(memberKey)
    if (entry) this.hits++
    else this.misses++
    return { entry, pending: { memberKey, generation: this.generationOf(userId) } }
  }

  store(userId: string, pending: Pending, entry: Entry): void {
    if (pending.generation !== this.generationOf(userId)) return
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(pending.memberKey, entry)
  }
}

const pendingStores = new WeakMap<FastifyRequest, { userId: string; pending: Pending }>()

function cacheableKey(request: FastifyRequest): string | null {
  if (!request.viewer || request.headers['idempotency-key'] !== undefined) return null
  const body = request.body as { operationName?: unknown; query?: unknown; variables?: unknown } | undefined
  if (body?.operationName !== CACHED_OPERATION || typeof body.query !== 'string') return null
  // The text itself is the key: hashing it with SHA-256 first cost more than the Map's own hashing.
  return body.variables === undefined || body.variables === null
    ? body.query
    : `${body.query}\n${JSON.stringify(body.variables)}`
}

const caches = new WeakMap<Services, NavigationCache>()

/** This process's cache for these services, once `registerNavigationCache` ran. */
export function navigationCacheFor(services: Services): NavigationCache | undefined {
  return caches.get(services)
}

/**
 * Wire the cache: bus invalidation, commit invalidation, the onSend that keeps answers. Registered
 * before compression, so what is kept is the plain JSON.
 */
export function registerNavigationCache(app: FastifyInstance, services: Services): NavigationCache {
  const cache = new NavigationCache()
  caches.set(services, cache)
  services.commitListeners.add(() => cache.clear())
  services.bus.emitter.on('#', (message, done) => {
    if (isInvalidating(message.topic)) cache.onMessage(message.topic, message.payload)
    done()
  })
  app.addHook('onSend', async (request, reply, payload) => {
    const kept = pendingStores.get(request)
    if (!kept) return payload
    pendingStores.delete(request)
    if (reply.statusCode === 200 && typeof payload === 'string' && !payload.includes('"errors"')) {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8')
      cache.store(kept.userId, kept.pending, { body: payload, contentType })
    }
    return payload
  })
  return cache
}

/** A preHandler for /api/graphql, after the caller is known: answer NavItemsQuery from the cache. */
export function navigationCachePreHandler(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const current = caches.get(services)
    if (!current) return
    const key = cacheableKey(request)
    if (!key || !request.viewer) return
    const userId = request.viewer.id
    const { entry, pending } = current.lookup(userId, key)
    if (entry) return reply.header('content-type', entry.contentType).send(entry.body)
    pendingStores.set(request, { userId, pending })
  }
}
