import type { AsyncLocalStorage } from 'node:async_hooks'
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context'

/** How long better-auth's stores stay on after its last call has settled. */
export const AUTH_STORAGE_IDLE_MS = 1_000

/**
 * better-auth keeps its request state, endpoint context and transaction in `AsyncLocalStorage`s.
 * Node 20 carries such a store through promise hooks, which the first `run` of any store turns on
 * for the whole process and which stay on: from then on every promise any request makes pays for
 * them (about a quarter of the throughput of a small GraphQL answer, decision 0027, "Promise hooks"), though
 * only calls into better-auth (sign-in, a cookie's session, a page's token) read the stores.
 *
 * This counts better-auth's runs of its stores and, once none has been running for `idleMs`,
 * disables the stores, which turns the hooks off; better-auth's next `run` turns them on again.
 * NOTE: the wait is for better-auth's background work (`runInBackground`: a promise it does not
 * await, such as a verification email) that may still read a store after its run has settled.
 * Installed once per process (the stores are better-auth's, one per process); later calls return
 * the first's.
 */
export function switchOffAuthStorageWhenIdle(idleMs = AUTH_STORAGE_IDLE_MS): Promise<AuthStorage> {
  return (installed ??= install(idleMs))
}

export interface AuthStorage {
  /** better-auth's stores (for tests). */
  stores: AsyncLocalStorage<unknown>[]
  /** Runs of the stores not yet settled. */
  running(): number
}

let installed: Promise<AuthStorage> | undefined

async function install(idleMs: number): Promise<AuthStorage> {
  const stores = (await Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ])) as AsyncLocalStorage<unknown>[]
  let running = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const switchOff = () => {
    timer = undefined
    if (running === 0) for (const store of stores) store.disable()
  }
  const settled = () => {
    running--
    if (running > 0) return
    clearTimeout(timer)
    timer = setTimeout(switchOff, idleMs)
    timer.unref()
  }
  for (const store of stores) {
    const run = store.run.bind(store) as (
      store: unknown,
      fn: (...args: unknown[]) => unknown,
      ...args: unknown[]
    ) => unknown
    store.run = ((value: unknown, fn: (...args: unknown[]) => unknown, ...args: unknown[]) => {
      running++
      let result: unknown
      try {
        result = run(value, fn, ...args)
      } catch (error) {
        settled()
        throw error
      }
      if (result instanceof Promise) result.then(settled, settled)
      else settled()
      return result
    }) as typeof store.run
  }
  return { stores, running: () => running }
}
