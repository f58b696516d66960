// A backup archive is a gzipped tar file (`tar -tzf` lists it): written and read here as streams,
// so uploads of any size never sit in memory. Only regular files, ustar headers, names < 255 bytes.
import { createReadStream } from 'node:fs'
import { once } from 'node:events'
import { open } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'

const BLOCK = 512

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0'
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK)
  let prefix = ''
  let base = name
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155)
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100)
      throw new Error(`Name too long for the backup archive: ${name}`)
    prefix = name.slice(0, cut)
    base = name.slice(cut + 1)
  }
  block.write(base, 0, 100)
  block.write(octal(0o644, 8), 100)
  block.write(octal(0, 8), 108)
  block.write(octal(0, 8), 116)
  block.write(octal(size, 12), 124)
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136)
  block.write('        ', 148)
  block.write('0', 156)
  block.write('ustar\u000000', 257)
  block.write(prefix, 345, 155)
  let sum = 0
  for (const byte of block) sum += byte
  block.write(octal(sum, 7) + ' ', 148)
  return block
}

export interface ArchiveWriter {
  /** Add a file from memory. */
  add(name: string, data: Buffer): Promise<void>
  /** Add a file from disk, streamed. */
  addFile(name: string, file: string, size: number, mtime: Date): Promise<void>
  /** Write the end blocks and close the file. */
  finish(): Promise<void>
}

/**
 * Start an archive at `file`, which must not exist yet. The file is opened here, so a name that
 * exists, a folder that does not or one the server may not write to is an error of this call.
 *
 * NOTE: every failure of the file or the compressor reaches the caller as a rejection of `add`,
 * `addFile` or `finish`, never as an unobserved promise: the embedded server writes archives in its
 * own process (backup-socket.ts), and Node ends a process on an unhandled rejection. That is how an
 * `npm run backup -- --out` naming an existing file took the server down (issue 26, finding 13).
 */
export async function createArchive(file: string): Promise<ArchiveWriter> {
  let handle
  try {
    handle = await open(file, 'wx', 0o600)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw new Error(`${file} already exists: name a new file for the backup.`)
    if (code === 'ENOENT') throw new Error(`The folder ${path.dirname(file)} does not exist.`)
    if (code === 'EACCES') throw new Error(`The server may not write to ${file}.`)
    throw error
  }
  const gzip = createGzip()
  const done = pipeline(gzip, handle.createWriteStream())
  let failure: Error | undefined
  done.catch((error: Error) => (failure = error))
  const write = async (chunk: Buffer) => {
    if (failure) throw failure
    // A failed sink destroys the compressor, which then never drains: wait for either.
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), done])
    if (failure) throw failure
  }
  const pad = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)
  return {
    async add(name, data) {
      await write(header(name, data.length, new Date()))
      await write(data)
      await write(pad(data.length))
    },
    async addFile(name, source, size, mtime) {
      await write(header(name, size, mtime))
      let written = 0
      for await (const chunk of createReadStream(source, { end: Math.max(0, size - 1) })) {
        const piece = (chunk as Buffer).subarray(0, size - written)
        written += piece.length
        await write(piece)
      }
      // A file that shrank while it was read is padded with zeros to the size announced.
      if (written < size) await write(Buffer.alloc(size - written))
      await write(pad(size))
    },
    async finish() {
      if (!failure) {
        await write(Buffer.alloc(BLOCK * 2))
        gzip.end()
      } else gzip.destroy()
      await done
    },
  }
}

export interface ArchiveEntry {
  name: string
  size: number
  /** The entry's bytes, in order; must be consumed before the next entry is read. */
  chunks: AsyncGenerator<Buffer>
}

/** Read a backup archive entry by entry. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const source: Readable = createReadStream(file).pipe(createGunzip())
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  let buffered = Buffer.alloc(0)
  async function fill(size: number): Promise<boolean> {
    while (buffered.length < size) {
      const next = await iterator.next()
      if (next.done) return false
      buffered = Buffer.concat([buffered, next.value])
    }
    return true
  }
  for (;;) {
    if (!(await fill(BLOCK))) throw new Error('The backup archive ends early: it is incomplete.')
    const block = buffered.subarray(0, BLOCK)
    buffered = buffered.subarray(BLOCK)
    if (block.every((byte) => byte === 0)) return
    const text = (start: number, length: number) =>
      block
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '')
    const prefix = text(345, 155)
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100)
    const size = parseInt(text(124, 12).trim() || '0', 8)
    let left = size
    async function* chunks(): AsyncGenerator<Buffer> {
      while (left > 0) {
        if (!buffered.length && !(await fill(1))) throw new Error('The backup archive ends early.')
        const piece = buffered.subarray(0, left)
        buffered = buffered.subarray(piece.length)
        left -= piece.length
        yield piece
      }
    }
    const entry = { name, size, chunks: chunks() }
    yield entry
    // Skip what the caller did not read, then the padding.
    while (left > 0) {
      if (!buffered.length && !(await fill(1))) throw new Error('The backup archive ends early.')
      const skip = Math.min(left, buffered.length)
      buffered = buffered.subarray(skip)
      left -= skip
    }
    const padding = (BLOCK - (size % BLOCK)) % BLOCK
    if (!(await fill(padding))) throw new Error('The backup archive ends early.')
    buffered = buffered.subarray(padding)
  }
}

/** All of an entry's bytes. */
export async function entryBytes(entry: ArchiveEntry): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const piece of entry.chunks) parts.push(piece)
  return Buffer.concat(parts)
}
