import { open } from 'node:fs/promises'
import type { Readable } from 'node:stream'

/**
 * Write to a new file and fsync it. The file is opened before any byte is read, so a body that fails
 * at once cannot leave a file that appears after the caller has cleaned up.
 */
export async function writeBody(file: string, body: Buffer | Readable): Promise<void> {
  const handle = await open(file, 'wx')
  try {
    if (Buffer.isBuffer(body)) {
      await handle.writeFile(body)
    } else {
      // NOTE: not handle.createWriteStream(): without autoClose it keeps the handle busy and close()
      // never returns; with it, the handle may close under us. Plain writes keep backpressure too.
      for await (const chunk of body) {
        const bytes: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
        for (let written = 0; written < bytes.length;) {
          written += (await handle.write(bytes, written, bytes.length - written)).bytesWritten
        }
      }
    }
    await handle.sync()
  } finally {
    await handle.close()
  }
}
