import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

// Runs in the global setup's process (no vitest imports here); specs read the files with mail.ts.

export interface MailCatcher {
  url: string
  /** One `<n>.eml` file per message received. */
  dir: string
  close(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/**
 * A real SMTP server (smtp-server, as src/server/testing/smtp.ts) for the e2e run. It runs in the
 * global setup's process while specs run in workers, so it hands messages over as files in `dir`.
 */
export async function startMailCatcher(dir: string): Promise<MailCatcher> {
  mkdirSync(dir, { recursive: true })
  let count = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        try {
          count += 1
          const envelope = session.envelope.rcptTo.map((r) => r.address).join(',')
          const name = `${String(Date.now())}-${String(count).padStart(6, '0')}.eml`
          // The envelope recipients first, as a header of our own, then the message as received.
          writeFileSync(
            path.join(dir, `${name}.tmp`),
            Buffer.concat([Buffer.from(`X-Envelope-To: ${envelope}\r\n`), ...chunks]),
          )
          // Written whole, then renamed, so a reader never sees half a message.
          renameSync(path.join(dir, `${name}.tmp`), path.join(dir, name))
          callback()
        } catch (error) {
          callback(error as Error)
        }
      })
    },
  })
  const port = await freePort()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
