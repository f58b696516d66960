import mqemitter, { type MQEmitter, type Message } from 'mqemitter'
import type pg from 'pg'
import type { FastifyBaseLogger } from 'fastify'
import type { Topic, Topics } from './topics.ts'

export const BUS_CHANNEL = 'stagedoor_bus'
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7900

export interface BusMessage extends Message {
  topic: string
  payload: unknown
}

/**
 * The pub/sub bus behind GraphQL subscriptions, shaped as an mqemitter so Mercurius can use it.
 * In-process for the embedded database; with PostgreSQL every publish goes through NOTIFY and every
 * process (this one included) delivers what it hears on LISTEN, so subscribers on any process see
 * events published on any other.
 */
export interface Bus {
  emitter: MQEmitter
  /** Publish to every subscriber on every process; call after the change has committed. */
  publish<K extends Topic>(topic: K, payload: Topics[K]): Promise<void>
  close(): Promise<void>
}

function publisher(emitter: MQEmitter): Bus['publish'] {
  return (topic, payload) =>
    new Promise<void>((resolve, reject) =>
      emitter.emit({ topic, payload }, (err?: unknown) => (err ? reject(err as Error) : resolve())),
    )
}

export function createLocalBus(): Bus {
  const emitter = mqemitter()
  return {
    emitter,
    publish: publisher(emitter),
    close: () => new Promise((resolve) => emitter.close(() => resolve())),
  }
}

export async function createPgBus(pool: pg.Pool, logger?: FastifyBaseLogger): Promise<Bus> {
  const local = mqemitter()
  let listener: pg.PoolClient | undefined
  let closed = false

  const deliver = (msg: pg.Notification) => {
    if (msg.channel !== BUS_CHANNEL || !msg.payload) return
    try {
      local.emit(JSON.parse(msg.payload) as BusMessage)
    } catch (error) {
      logger?.error({ err: error }, 'unreadable bus notification')
    }
  }

  const connect = async (): Promise<void> => {
    const client = await pool.connect()
    client.on('notification', deliver)
    client.on('error', (error) => {
      logger?.warn({ err: error }, 'bus listener lost its connection; reconnecting')
      client.release(true)
      listener = undefined
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1000).unref()
    })
    await client.query(`LISTEN ${BUS_CHANNEL}`)
    listener = client
  }
  await connect()

  // Mercurius subscribes through on/removeListener (served locally) and publishes through emit,
  // which goes out as NOTIFY so every process, this one included, hears it.
  const emitter = {
    on: local.on.bind(local),
    removeListener: local.removeListener.bind(local),
    close: local.close.bind(local),
    emit(message: Message, cb?: (error?: unknown) => void) {
      const text = JSON.stringify({ topic: message.topic, payload: (message as BusMessage).payload })
      if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) {
        cb?.(
          new Error(
            `bus payload for ${message.topic} is over ${MAX_NOTIFY_BYTES} bytes; publish an id instead`,
          ),
        )
        return emitter
      }
      pool
        .query('select pg_notify($1, $2)', [BUS_CHANNEL, text])
        .then(() => cb?.())
        .catch((error: unknown) => cb?.(error))
      return emitter
    },
    // NOTE: Mercurius needs only on/removeListener/emit/close of an MQEmitter; the rest of its
    // interface (counters, queue state) has no meaning for a NOTIFY-backed bus.
  } as unknown as MQEmitter

  return {
    emitter,
    publish: publisher(emitter),
    close: async () => {
      closed = true
      if (listener) {
        await listener.query(`UNLISTEN ${BUS_CHANNEL}`).catch(() => {})
        listener.release()
      }
      await new Promise<void>((resolve) => local.close(() => resolve()))
    },
  }
}
