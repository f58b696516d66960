import { createClient, type Client } from 'graphql-ws'
import WebSocket from 'ws'

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
