import { createServer, type AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import PostalMime, { type Email } from 'postal-mime'

export type ReceivedMail = Email & {
  header(name: string): string | undefined
  envelopeTo: string[]
}

/** A free TCP port on loopback (nothing listens on it when this resolves). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export interface TestSmtp {
  port: number
  url: string
  received: ReceivedMail[]
  /** Resolves when `count` messages have arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}

/**
 * A real SMTP server (smtp-server) that keeps what it receives, parsed. `rejectRecipients` are
 * refused with `550 No such user` (a permanent failure, as for a bounce).
 */
export async function startSmtp(
  port?: number,
  options: { rejectRecipients?: string[] } = {},
): Promise<TestSmtp> {
  const received: ReceivedMail[] = []
  const waiters: (() => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.includes(address.address.toLowerCase())) {
        callback(Object.assign(new Error('No such user here'), { responseCode: 550 }))
      } else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on(
        'end',
        () =>
          void PostalMime.parse(Buffer.concat(chunks))
            .then((parsed) => {
              const mail: ReceivedMail = Object.assign(parsed, {
                header: (name: string) => parsed.headers.find((h) => h.key === name.toLowerCase())?.value,
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              })
              received.push(mail)
              waiters.splice(0).forEach((w) => w())
              callback()
            })
            .catch(callback),
      )
    },
  })
  const listenPort = port ?? (await freePort())
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(listenPort, '127.0.0.1', () => resolve())
  })
  return {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    received,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`waited ${timeoutMs} ms for ${count} mails, got ${received.length}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
      return received
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Poll until `check` returns a truthy value. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
