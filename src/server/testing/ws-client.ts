import { createClient, type Client } from 'graphql-ws'
import WebSocket from 'ws'
import type { MQEmitter } from 'mqemitter'
import type { Bus } from '#server/realtime/bus.ts'

/** A graphql-transport-ws client for tests, optionally authenticated with an access token. */
export function wsClient(httpUrl: string, token?: string): Client {
  return createClient({
    url: httpUrl.replace(/^http/, 'ws') + '/api/graphql',
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
  })
}

/** Subscribe and collect results; `next(n)` resolves once n results have arrived. */
export function collect<T>(client: Client, query: string) {
  const results: T[] = []
  const errors: unknown[] = []
  let notify = () => {}
  const dispose = client.subscribe<T>(
    { query },
    {
      next: (value) => {
        results.push(value.data as T)
        notify()
      },
      error: (error) => {
        errors.push(error)
        notify()
      },
      complete: () => {},
    },
  )
  return {
    results,
    errors,
    dispose,
    async next(count: number, timeoutMs = 10_000): Promise<T[]> {
      const deadline = Date.now() + timeoutMs
      while (results.length < count) {
        if (errors.length) throw new Error(`subscription failed: ${JSON.stringify(errors[0])}`)
        if (Date.now() > deadline)
          throw new Error(`waited ${timeoutMs} ms for ${count} results, got ${results.length}`)
        await new Promise<void>((resolve) => {
          notify = resolve
          setTimeout(resolve, 50)
        })
      }
      return results
    },
  }
}

/** Wait until the socket has been acknowledged (or refused). */
export function connected(client: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    const offOk = client.on('connected', () => {
      offOk()
      offErr()
      resolve()
    })
    const offErr = client.on('closed', (event) => {
      offOk()
      offErr()
      reject(Object.assign(new Error('socket closed'), { event }))
    })
  })
}

/**
 * Counts the subscriptions the server registers on the bus from now on, so a test waits for its
 * subscription to be live instead of sleeping before it publishes: graphql-ws does not acknowledge a
 * subscribe message, and an event published before the server has subscribed is lost. A subscription
 * is registered after Mercurius' preSubscriptionExecution hook (which tracks the user's socket), so
 * `registered` also means the socket is tracked.
 */
export function watchSubscriptions(bus: Bus) {
  const { emitter } = bus
  const on = emitter.on
  const added = new Map<string, number>()
  let notify = () => {}
  emitter.on = function (this: MQEmitter, topic, listener, done) {
    return on.call(this, topic, listener, () => {
      added.set(topic, (added.get(topic) ?? 0) + 1)
      notify()
      done?.()
    })
  }
  return {
    /** Resolves once `count` subscriptions on every one of `topics` have registered since the watch began. */
    async registered(topics: string | readonly string[], count = 1, timeoutMs = 10_000): Promise<void> {
      const wanted = typeof topics === 'string' ? [topics] : topics
      const deadline = Date.now() + timeoutMs
      while (wanted.some((topic) => (added.get(topic) ?? 0) < count)) {
        if (Date.now() > deadline) {
          throw new Error(`waited ${timeoutMs} ms for ${count} subscriptions on ${wanted.join(', ')}`)
        }
        await new Promise<void>((resolve) => {
          notify = resolve
          setTimeout(resolve, 50)
        })
      }
    },
    stop() {
      emitter.on = on
    },
  }
}
