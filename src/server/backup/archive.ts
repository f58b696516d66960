// A backup archive is a gzipped tar file (`tar -tzf` lists it): written and read here as streams,
// so uploads of any size never sit in memory. Only regular files, ustar headers, names < 255 bytes.
import { createReadStream, createWriteStream } from 'node:fs'
import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'
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

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain')
}

export function createArchive(file: string): ArchiveWriter {
  const gzip = createGzip()
  const sink = createWriteStream(file, { flags: 'wx', mode: 0o600 })
  const done = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve)
    sink.on('error', reject)
    gzip.on('error', reject)
  })
  gzip.pipe(sink)
  const pad = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)
  return {
    async add(name, data) {
      await write(gzip, header(name, data.length, new Date()))
      await write(gzip, data)
      await write(gzip, pad(data.length))
    },
    async addFile(name, path, size, mtime) {
      await write(gzip, header(name, size, mtime))
      let written = 0
      for await (const chunk of createReadStream(path, { end: Math.max(0, size - 1) })) {
        const piece = (chunk as Buffer).subarray(0, size - written)
        written += piece.length
        await write(gzip, piece)
      }
      // A file that shrank while it was read is padded with zeros to the size announced.
      if (written < size) await write(gzip, Buffer.alloc(size - written))
      await write(gzip, pad(size))
    },
    async finish() {
      await write(gzip, Buffer.alloc(BLOCK * 2))
      gzip.end()
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
