import { createRequire } from 'node:module'
import type { Server } from 'node:http'
import { freePort } from './server.ts'

const require = createRequire(import.meta.url)

export interface TestPushSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
  clientHash: string
}

export interface TestPushService {
  /** A subscription as a browser's push service would give it, for the server's VAPID public key. */
  subscribe(applicationServerKey: string): Promise<TestPushSubscription>
  /** The decrypted payloads the service received for a subscription so far. */
  messages(clientHash: string): Promise<string[]>
  stop(): Promise<void>
}

/**
 * The test push service (`web-push-testing`) in this process: it hands out subscriptions, checks the
 * VAPID signature of what the app server sends, and decrypts the payloads.
 */
export async function startTestPushService(): Promise<TestPushService> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => unknown
  }
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
    model: unknown,
    port: number,
  ) => { startServer(): void; _server: Server }
  const port = await freePort()
  const service = new WebPushTestingServer(new PushApiModel(), port)
  service.startServer()
  await new Promise<void>((resolve) =>
    service._server.listening ? resolve() : service._server.once('listening', () => resolve()),
  )
  const base = `http://localhost:${port}`
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = (await response.json()) as { data?: T; error?: { message: string } }
    if (!response.ok || !json.data)
      throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(json)}`)
    return json.data
  }
  return {
    subscribe: (applicationServerKey) =>
      post<TestPushSubscription>('/subscribe', { applicationServerKey, userVisibleOnly: 'true' }),
    messages: async (clientHash) =>
      (await post<{ messages: string[] }>('/get-notifications', { clientHash })).messages,
    stop: () => new Promise<void>((resolve) => service._server.close(() => resolve())),
  }
}
