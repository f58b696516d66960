import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildSchema, isObjectType, parse } from 'graphql'
import schemaSdl from '../../../schema.graphql?raw'
import {
  CACHE_KEYS,
  authHeaders,
  createGraphQLConnection,
  socketConnectionParams,
  webSocketUrl,
  type GraphQLConnection,
} from './graphql.ts'

// NOTE: parse(), not a gql tag: codegen collects tagged documents, and these test-only ones would
// clash with the app's own operation names.
const MeQuery = parse(`
  query Me($probe: Int) {
    currentUser {
      id
    }
  }
`)
const AnnouncementsSubscription = parse(`
  subscription Announcements {
    announcements {
      id
      message
    }
  }
`)

interface SentRequest {
  url: string
  method: string | undefined
  headers: Headers
  body: Record<string, unknown>
}

function recordingFetch(sent: SentRequest[]): typeof fetch {
  return async (input, init) => {
    sent.push({
      url: String(input),
      method: init?.method,
      headers: new Headers(init?.headers),
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    })
    return new Response(JSON.stringify({ data: { currentUser: null } }), {
      headers: { 'content-type': 'application/json' },
    })
  }
}

/** Just enough of a browser WebSocket speaking graphql-transport-ws for graphql-ws's client. */
class FakeWebSocket {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSING = 2
  static readonly CLOSED = 3
  static instances: FakeWebSocket[] = []
  /** When set, new sockets fail to connect (as when the server is down). */
  static refuse = false

  readonly createdAt = Date.now()
  closedAt: number | undefined
  readyState = FakeWebSocket.CONNECTING
  sent: { type: string; payload?: unknown }[] = []
  onopen: (() => void) | null = null
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null

  constructor(
    readonly url: string,
    readonly protocol: string,
  ) {
    FakeWebSocket.instances.push(this)
    setTimeout(() => {
      if (FakeWebSocket.refuse) return this.drop()
      this.readyState = FakeWebSocket.OPEN
      this.onopen?.()
    })
  }

  /** The connection is lost without a close handshake. */
  drop() {
    this.closedAt = Date.now()
    this.readyState = FakeWebSocket.CLOSED
    this.onclose?.({ code: 1006, reason: '', wasClean: false })
  }

  send(data: string) {
    const message = JSON.parse(data) as { type: string; payload?: unknown }
    this.sent.push(message)
    if (message.type === 'connection_init') {
      setTimeout(() => this.onmessage?.({ data: JSON.stringify({ type: 'connection_ack' }) }))
    }
  }

  close(code = 1000, reason = '') {
    if (this.readyState === FakeWebSocket.CLOSED) return
    this.readyState = FakeWebSocket.CLOSED
    setTimeout(() => this.onclose?.({ code, reason, wasClean: true }))
  }
}

async function waitFor(check: () => boolean, timeoutMs = 500): Promise<number> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return Date.now() - started
}

// The connection downloads graphql-ws with the first subscription: load it once up front, so the
// socket tests' short waits measure the socket, not a cold module load.
beforeAll(() => import('graphql-ws'))

let connection: GraphQLConnection | undefined
afterEach(() => {
  connection?.dispose()
  connection = undefined
  FakeWebSocket.instances = []
  FakeWebSocket.refuse = false
  vi.useRealTimers()
})

describe('GraphQL over HTTP', () => {
  it('POSTs JSON {operationName, variables, query} with the bearer token and auth provider', async () => {
    const sent: SentRequest[] = []
    connection = createGraphQLConnection({
      url: 'http://stagedoor.test/api/graphql',
      wsUrl: 'ws://stagedoor.test/api/graphql',
      getToken: async () => 'token-123',
      fetch: recordingFetch(sent),
      webSocketImpl: FakeWebSocket,
    })
    await connection.client.query(MeQuery, { probe: 7 }).toPromise()

    expect(sent).toHaveLength(1)
    const [request] = sent
    expect(request?.url).toBe('http://stagedoor.test/api/graphql')
    expect(request?.method).toBe('POST')
    expect(request?.headers.get('content-type')).toBe('application/json')
    expect(request?.headers.get('authorization')).toBe('Bearer token-123')
    expect(request?.headers.get('auth-provider')).toBe('better-auth')
    expect(request?.body).toMatchObject({ operationName: 'Me', variables: { probe: 7 } })
    expect(request?.body.query).toContain('currentUser')
  })

  it('sends no auth headers when signed out', async () => {
    const sent: SentRequest[] = []
    connection = createGraphQLConnection({
      url: 'http://stagedoor.test/api/graphql',
      wsUrl: 'ws://stagedoor.test/api/graphql',
      fetch: recordingFetch(sent),
      webSocketImpl: FakeWebSocket,
    })
    await connection.client.query(MeQuery, {}).toPromise()
    expect(sent[0]?.headers.has('authorization')).toBe(false)
    expect(sent[0]?.headers.has('auth-provider')).toBe(false)
  })
})

describe('the session', () => {
  it('reports a 401 to a request that carried a token, and only then', async () => {
    const onUnauthenticated = vi.fn()
    let token: string | null = 'expired-token'
    connection = createGraphQLConnection({
      url: 'http://stagedoor.test/api/graphql',
      wsUrl: 'ws://stagedoor.test/api/graphql',
      getToken: () => token,
      fetch: async () =>
        new Response(
          JSON.stringify({ data: null, errors: [{ message: 'Your access token is invalid or expired.' }] }),
          {
            status: 401,
            headers: { 'content-type': 'application/json' },
          },
        ),
      webSocketImpl: FakeWebSocket,
      onUnauthenticated,
    })
    await connection.client.query(MeQuery, {}).toPromise()
    expect(onUnauthenticated).toHaveBeenCalledTimes(1)
    token = null
    await connection.client.query(MeQuery, { probe: 2 }).toPromise()
    expect(onUnauthenticated).toHaveBeenCalledTimes(1)
  })

  it('resetCache swaps in a client with an empty cache and says so', async () => {
    const sent: SentRequest[] = []
    connection = createGraphQLConnection({
      url: 'http://stagedoor.test/api/graphql',
      wsUrl: 'ws://stagedoor.test/api/graphql',
      fetch: recordingFetch(sent),
      webSocketImpl: FakeWebSocket,
    })
    const first = connection.client
    await first.query(MeQuery, {}, { requestPolicy: 'cache-first' }).toPromise()
    await first.query(MeQuery, {}, { requestPolicy: 'cache-first' }).toPromise()
    expect(sent).toHaveLength(1)

    const seen: unknown[] = []
    const stop = connection.onClientChange((client) => seen.push(client))
    connection.resetCache()
    expect(connection.client).not.toBe(first)
    expect(seen).toEqual([connection.client])
    await connection.client.query(MeQuery, {}, { requestPolicy: 'cache-first' }).toPromise()
    expect(sent).toHaveLength(2)
    stop()
  })
})

describe('GraphQL over WebSocket', () => {
  function connect(getToken: () => string | null) {
    connection = createGraphQLConnection({
      url: 'http://stagedoor.test/api/graphql',
      wsUrl: 'ws://stagedoor.test/api/graphql',
      getToken,
      fetch: recordingFetch([]),
      webSocketImpl: FakeWebSocket,
    })
    return connection
  }

  const initPayloads = () =>
    FakeWebSocket.instances.map((ws) => ws.sent.find((m) => m.type === 'connection_init')?.payload)

  it('authenticates the socket with the token in connectionParams', async () => {
    const { client } = connect(() => 'first-token')
    const { unsubscribe } = client.subscription(AnnouncementsSubscription, {}).subscribe(() => {})
    await waitFor(() => FakeWebSocket.instances[0]?.sent.some((m) => m.type === 'subscribe') ?? false)
    expect(FakeWebSocket.instances[0]?.url).toBe('ws://stagedoor.test/api/graphql')
    expect(FakeWebSocket.instances[0]?.protocol).toBe('graphql-transport-ws')
    expect(initPayloads()).toEqual([{ authorization: 'Bearer first-token' }])
    unsubscribe()
  })

  it('restartSocket reconnects at once with the new token and resubscribes', async () => {
    let token: string | null = 'old-token'
    const { client, restartSocket } = connect(() => token)
    const { unsubscribe } = client.subscription(AnnouncementsSubscription, {}).subscribe(() => {})
    await waitFor(() => FakeWebSocket.instances[0]?.sent.some((m) => m.type === 'subscribe') ?? false)

    token = null
    restartSocket()
    // Well under the 1 s a dropped connection waits before its first retry.
    const elapsed = await waitFor(
      () => FakeWebSocket.instances[1]?.sent.some((m) => m.type === 'subscribe') ?? false,
      900,
    )
    expect(elapsed).toBeLessThan(900)
    expect(FakeWebSocket.instances[0]?.readyState).toBe(FakeWebSocket.CLOSED)
    expect(initPayloads()).toEqual([{ authorization: 'Bearer old-token' }, {}])
    unsubscribe()
  })
})

describe('reconnecting', () => {
  it('waits 1, 2, 5, 10 and then 10 s between attempts while the server is away', async () => {
    connection = createGraphQLConnection({
      url: 'http://stagedoor.test/api/graphql',
      wsUrl: 'ws://stagedoor.test/api/graphql',
      fetch: recordingFetch([]),
      webSocketImpl: FakeWebSocket,
    })
    const { unsubscribe } = connection.client.subscription(AnnouncementsSubscription, {}).subscribe(() => {})
    // graphql-ws loads with the first subscription (a real module load), then the clock is ours.
    await waitFor(() => FakeWebSocket.instances[0]?.sent.some((m) => m.type === 'subscribe') ?? false, 5_000)
    vi.useFakeTimers()
    expect(FakeWebSocket.instances[0]?.sent.map((m) => m.type)).toEqual(['connection_init', 'subscribe'])

    FakeWebSocket.refuse = true
    FakeWebSocket.instances[0]?.drop()
    await vi.advanceTimersByTimeAsync(40_000)

    // From each lost connection to the next attempt.
    const sockets = FakeWebSocket.instances
    const gaps = sockets.slice(1).map((ws, i) => ws.createdAt - (sockets[i]?.closedAt ?? Number.NaN))
    expect(gaps.slice(0, 6)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000])
    unsubscribe()
  })
})

describe('helpers', () => {
  it('builds headers and connection params only for a token', () => {
    expect(authHeaders('t')).toEqual({ authorization: 'Bearer t', 'auth-provider': 'better-auth' })
    expect(authHeaders(null)).toEqual({})
    expect(socketConnectionParams('t')).toEqual({ authorization: 'Bearer t' })
    expect(socketConnectionParams(undefined)).toEqual({})
  })

  it('derives ws: or wss: from the page', () => {
    expect(webSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/graphql',
    )
    expect(webSocketUrl({ protocol: 'https:', host: 'stagedoor.example' })).toBe(
      'wss://stagedoor.example/api/graphql',
    )
  })
})

describe('cache keys', () => {
  const KEYED_BY_FIELD = ['Event', 'EmailTemplate', 'MySubscription']
  const types = Object.values(buildSchema(schemaSdl).getTypeMap())
    .filter(isObjectType)
    .filter((t) => !t.name.startsWith('__') && !['Query', 'Mutation', 'Subscription'].includes(t.name))

  it.each(types.filter((t) => !KEYED_BY_FIELD.includes(t.name)).map((t) => [t.name, 'id' in t.getFields()]))(
    '%s: keyed by its id when it has one (id: %s), else embedded in its parent',
    (name, hasId) => {
      const key = CACHE_KEYS[name as string]
      if (hasId) expect(key).toBeUndefined()
      else expect(key?.({ id: 'x', slug: 'x', key: 'x' })).toBeNull()
    },
  )

  it('keys events by slug, email templates by key, and a member’s subscriptions apart from the lists', () => {
    expect(CACHE_KEYS.Event?.({ id: 'e1', slug: 'messiah-singthrough' })).toBe('messiah-singthrough')
    expect(CACHE_KEYS.Event?.({ id: 'e1' })).toBeNull()
    expect(CACHE_KEYS.EmailTemplate?.({ key: 'APPLICATION_OFFERED' })).toBe('APPLICATION_OFFERED')
    expect(CACHE_KEYS.MySubscription?.({ slug: 'news' })).toBe('mine:news')
    expect(types.map((t) => t.name)).toEqual(expect.arrayContaining(KEYED_BY_FIELD))
  })
})
