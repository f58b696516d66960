import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countingBytes } from './sample-files.ts'
import { createLocalStorage } from './local-driver.ts'
import { createS3Storage, s3ClientConfig, type S3StorageOptions } from './s3-driver.ts'
import { DEFAULT_CACHE_CONTROL, LIST_DEFAULT_LIMIT, type Storage } from './storage.ts'

interface Harness {
  storage: Storage
  close(): Promise<void>
  /** Every file under the driver's own area (local: the uploads folder; S3: the server's directory). */
  filesOnDisk(): string[]
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
}

const BUCKET = 'stagedoor-test'
let s3Options: S3StorageOptions | undefined

async function localHarness(): Promise<Harness & { root: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-storage-'))
  const root = path.join(dataDir, 'uploads')
  return {
    storage: createLocalStorage({ root }),
    root,
    dataDir,
    filesOnDisk: () => listFiles(root),
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

/** A real S3 API (s3rver, on loopback) with an empty bucket. */
async function s3Harness(): Promise<Harness> {
  const directory = mkdtempSync(path.join(tmpdir(), 'stagedoor-s3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  })
  const { port } = await server.run()
  s3Options = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  }
  return {
    storage: createS3Storage(s3Options),
    filesOnDisk: () => listFiles(path.join(directory, BUCKET)),
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

const UNSAFE_KEYS = [
  '',
  '../secret',
  'a/../../secret',
  '..',
  '/etc/passwd',
  'a\\..\\b',
  'a//b',
  'a/',
  'a/./b',
  '.meta/x.json',
  'a\u0000b',
  'a\nb',
  'x'.repeat(1025),
]

describe.each([
  ['local', localHarness],
  ['s3', s3Harness],
] as const)('%s storage driver', (driver, makeHarness) => {
  let h: Harness
  let storage: Storage

  beforeAll(async () => {
    h = await makeHarness()
    storage = h.storage
  })
  afterAll(() => h.close())

  it('reports its driver', () => {
    expect(storage.driver).toBe(driver)
  })

  it('puts a buffer and gets the same bytes back, with the default Cache-Control', async () => {
    const data = countingBytes(3000)
    const put = await storage.put('basic/one.bin', data, { contentType: 'application/x-test' })
    expect(put).toMatchObject({
      key: 'basic/one.bin',
      size: 3000,
      contentType: 'application/x-test',
      cacheControl: DEFAULT_CACHE_CONTROL,
    })
    expect(DEFAULT_CACHE_CONTROL).toBe('max-age=3600')
    expect(put.updatedAt).toBeInstanceOf(Date)
    expect(Math.abs(put.updatedAt.getTime() - Date.now())).toBeLessThan(60_000)

    const got = await storage.get('basic/one.bin')
    expect(got.range).toBeUndefined()
    expect(got.object).toMatchObject({ key: 'basic/one.bin', size: 3000, contentType: 'application/x-test' })
    expect((await bytesOf(got.body)).equals(data)).toBe(true)
    expect(await storage.stat('basic/one.bin')).toMatchObject({ size: 3000, cacheControl: 'max-age=3600' })
  })

  it('puts a stream of several chunks and keeps a custom Cache-Control', async () => {
    const parts = [countingBytes(1000), Buffer.from('middle'), countingBytes(70_000)]
    const put = await storage.put('basic/streamed.bin', Readable.from(parts), {
      contentType: 'audio/mpeg',
      cacheControl: 'private, max-age=60',
    })
    expect(put).toMatchObject({
      size: 71_006,
      contentType: 'audio/mpeg',
      cacheControl: 'private, max-age=60',
    })
    const got = await storage.get('basic/streamed.bin')
    expect((await bytesOf(got.body)).equals(Buffer.concat(parts))).toBe(true)
    expect(got.object.cacheControl).toBe('private, max-age=60')
  })

  it('puts a stream whose chunks arrive slowly, as an upload does', async () => {
    async function* trickle() {
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10))
        yield countingBytes(10_000)
      }
    }
    const put = await storage.put('basic/trickled.bin', Readable.from(trickle()), {
      contentType: 'audio/wav',
    })
    expect(put.size).toBe(50_000)
    const got = await storage.get('basic/trickled.bin')
    expect(
      (await bytesOf(got.body)).equals(Buffer.concat(Array.from({ length: 5 }, () => countingBytes(10_000)))),
    ).toBe(true)
  })

  it('overwrites a key with new bytes and metadata', async () => {
    await storage.put('basic/over.txt', Buffer.from('first version'), { contentType: 'text/plain' })
    await storage.put('basic/over.txt', Buffer.from('second'), { contentType: 'text/markdown' })
    const got = await storage.get('basic/over.txt')
    expect(await text(got.body)).toBe('second')
    expect(got.object).toMatchObject({ size: 6, contentType: 'text/markdown' })
  })

  it('stores an empty file', async () => {
    await storage.put('basic/empty', Buffer.alloc(0), { contentType: 'text/plain' })
    const got = await storage.get('basic/empty')
    expect(got.object.size).toBe(0)
    expect((await bytesOf(got.body)).length).toBe(0)
  })

  it('gets exactly the bytes of a range', async () => {
    const data = countingBytes(1000)
    await storage.put('range/file.bin', data, { contentType: 'application/octet-stream' })
    const cases = [
      { start: 0, end: 0 },
      { start: 0, end: 9 },
      { start: 250, end: 260 },
      { start: 990, end: 999 },
      { start: 0, end: 999 },
    ]
    for (const range of cases) {
      const got = await storage.get('range/file.bin', { range })
      expect(got.range).toEqual(range)
      expect(got.object.size).toBe(1000)
      const bytes = await bytesOf(got.body)
      expect(bytes.length).toBe(range.end - range.start + 1)
      expect(bytes.equals(data.subarray(range.start, range.end + 1))).toBe(true)
    }
  })

  it('refuses ranges outside the file with RANGE_NOT_SATISFIABLE', async () => {
    await storage.put('range/small.bin', countingBytes(100), { contentType: 'application/octet-stream' })
    for (const range of [
      { start: 100, end: 100 },
      { start: 50, end: 100 },
      { start: 200, end: 300 },
      { start: 10, end: 5 },
      { start: -1, end: 5 },
      { start: 1.5, end: 5 },
    ]) {
      await expect(storage.get('range/small.bin', { range }), JSON.stringify(range)).rejects.toMatchObject({
        name: 'AppError',
        code: 'RANGE_NOT_SATISFIABLE',
      })
    }
    await expect(storage.get('basic/empty', { range: { start: 0, end: 0 } })).rejects.toMatchObject({
      code: 'RANGE_NOT_SATISFIABLE',
    })
  })

  it('says NOT_FOUND for a missing key, and stat says null', async () => {
    await expect(storage.get('nope/missing.txt')).rejects.toMatchObject({
      name: 'AppError',
      code: 'NOT_FOUND',
    })
    await expect(storage.get('nope/missing.txt', { range: { start: 0, end: 1 } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(await storage.stat('nope/missing.txt')).toBeNull()
  })

  it('deletes, and deleting again is not an error', async () => {
    await storage.put('del/gone.txt', Buffer.from('bye'), { contentType: 'text/plain' })
    await storage.put('del/kept.txt', Buffer.from('stay'), { contentType: 'text/plain' })
    await storage.delete('del/gone.txt')
    expect(await storage.stat('del/gone.txt')).toBeNull()
    await expect(storage.get('del/gone.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await storage.delete('del/gone.txt')
    expect((await storage.list({ prefix: 'del/' })).map((o) => o.key)).toEqual(['del/kept.txt'])
  })

  it.each(UNSAFE_KEYS)('refuses the unsafe key %j everywhere with VALIDATION', async (key) => {
    const before = h.filesOnDisk().length
    const refused = { name: 'AppError', code: 'VALIDATION' }
    await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject(
      refused,
    )
    await expect(storage.get(key)).rejects.toMatchObject(refused)
    await expect(storage.stat(key)).rejects.toMatchObject(refused)
    await expect(storage.delete(key)).rejects.toMatchObject(refused)
    expect(h.filesOnDisk().length).toBe(before)
  })

  it('refuses a content type or Cache-Control that would split a header', async () => {
    await expect(
      storage.put('basic/x.txt', Buffer.from('x'), { contentType: 'text/plain\r\nSet-Cookie: a=b' }),
    ).rejects.toMatchObject({ code: 'VALIDATION' })
    await expect(
      storage.put('basic/x.txt', Buffer.from('x'), {
        contentType: 'text/plain',
        cacheControl: 'max-age=1\nX: y',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION' })
    expect(await storage.stat('basic/x.txt')).toBeNull()
  })

  it('leaves nothing behind when a stream fails part-way', async () => {
    const before = h.filesOnDisk()
    async function* failing() {
      yield countingBytes(5000)
      throw new Error('client went away')
    }
    await expect(
      storage.put('fail/partial.bin', Readable.from(failing()), { contentType: 'application/octet-stream' }),
    ).rejects.toThrow('client went away')
    expect(await storage.stat('fail/partial.bin')).toBeNull()
    expect(h.filesOnDisk()).toEqual(before)
  })

  it('leaves nothing behind when a stream fails before its first byte', async () => {
    const before = h.filesOnDisk()
    for (let i = 0; i < 20; i++) {
      const failing = new Readable({
        read() {
          this.destroy(new Error('refused at once'))
        },
      })
      await expect(
        storage.put(`fail/at-once-${i}.bin`, failing, {
          contentType: 'application/octet-stream',
        }),
      ).rejects.toThrow('refused at once')
    }
    // A put after the failures has finished and is on disk: work a failed put left running would
    // have had that whole round trip to show itself, and nothing else is there.
    await storage.put('fail/later.bin', Buffer.from('later'), { contentType: 'application/octet-stream' })
    const after = h.filesOnDisk()
    expect(after.some((file) => file.includes('later'))).toBe(true)
    expect(after.filter((file) => !file.includes('later'))).toEqual(before)
    await storage.delete('fail/later.bin')
    expect(h.filesOnDisk()).toEqual(before)
  })

  describe('list', () => {
    const COUNT = 105
    beforeAll(async () => {
      // Written out of order, with sizes that do not follow the names.
      const order = Array.from({ length: COUNT }, (_, i) => (i * 37) % COUNT)
      for (const i of order) {
        const key = `list/item-${String(i).padStart(3, '0')}.txt`
        await storage.put(key, Buffer.alloc(((i * 7) % 50) + 1, 'x'), { contentType: 'text/plain' })
      }
      await storage.put('listother/a.txt', Buffer.from('other'), { contentType: 'text/plain' })
    })

    const name = (i: number) => `list/item-${String(i).padStart(3, '0')}.txt`

    it('defaults to limit 100, offset 0, by name ascending', async () => {
      expect(LIST_DEFAULT_LIMIT).toBe(100)
      const page = await storage.list({ prefix: 'list/' })
      expect(page).toHaveLength(100)
      expect(page.map((o) => o.key)).toEqual(Array.from({ length: 100 }, (_, i) => name(i)))
      expect(page[3]).toMatchObject({ key: name(3), size: ((3 * 7) % 50) + 1, contentType: 'text/plain' })
      expect(page[3]?.cacheControl).toBe('max-age=3600')
    })

    it('lists everything when called with no options, up to the default limit', async () => {
      const all = await storage.list()
      expect(all).toHaveLength(100)
      const keys = all.map((o) => o.key)
      expect([...keys].sort()).toEqual(keys)
    })

    it('pages with offset and limit', async () => {
      expect((await storage.list({ prefix: 'list/', offset: 100 })).map((o) => o.key)).toEqual(
        [100, 101, 102, 103, 104].map(name),
      )
      expect((await storage.list({ prefix: 'list/', offset: 10, limit: 3 })).map((o) => o.key)).toEqual(
        [10, 11, 12].map(name),
      )
      expect(await storage.list({ prefix: 'list/', offset: 500 })).toEqual([])
      expect(await storage.list({ prefix: 'list/', limit: 1000 })).toHaveLength(COUNT)
    })

    it('filters by prefix, including a partial name', async () => {
      expect((await storage.list({ prefix: 'list/item-10' })).map((o) => o.key)).toEqual(
        [100, 101, 102, 103, 104].map(name),
      )
      expect((await storage.list({ prefix: 'listother/' })).map((o) => o.key)).toEqual(['listother/a.txt'])
      expect(await storage.list({ prefix: 'nothing-here/' })).toEqual([])
    })

    it('sorts by name descending and by size', async () => {
      expect(
        (await storage.list({ prefix: 'list/', limit: 2, sortBy: { column: 'name', order: 'desc' } })).map(
          (o) => o.key,
        ),
      ).toEqual([name(104), name(103)])
      const bySize = await storage.list({
        prefix: 'list/',
        limit: 1000,
        sortBy: { column: 'size', order: 'desc' },
      })
      const sizes = bySize.map((o) => o.size)
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
      expect(sizes[0]).toBe(50)
      // Ties keep name order.
      const fifty = bySize.filter((o) => o.size === 50).map((o) => o.key)
      expect(fifty).toEqual([...fifty].sort())
    })

    it('refuses a bad limit, offset or prefix', async () => {
      for (const options of [
        { limit: 0 },
        { limit: 1001 },
        { limit: 2.5 },
        { offset: -1 },
        { prefix: '../' },
        { prefix: '/abs' },
      ]) {
        await expect(storage.list(options), JSON.stringify(options)).rejects.toMatchObject({
          code: 'VALIDATION',
        })
      }
    })
  })
})

describe('local driver on disk', () => {
  let h: Awaited<ReturnType<typeof localHarness>>
  beforeAll(async () => {
    h = await localHarness()
  })
  afterAll(() => h.close())

  it('keeps files under DATA_DIR/uploads by key, metadata beside them, no temporary files left', async () => {
    await h.storage.put('a/b/c.txt', Buffer.from('hello'), {
      contentType: 'text/plain',
      cacheControl: 'no-store',
    })
    expect(readFileSync(path.join(h.root, 'a/b/c.txt'), 'utf8')).toBe('hello')
    expect(JSON.parse(readFileSync(path.join(h.root, '.meta/a/b/c.txt.json'), 'utf8'))).toEqual({
      contentType: 'text/plain',
      cacheControl: 'no-store',
    })
    expect(readdirSync(path.join(h.root, '.tmp'))).toEqual([])
  })

  it('does not list its bookkeeping files', async () => {
    expect((await h.storage.list()).map((o) => o.key)).toEqual(['a/b/c.txt'])
  })

  it('never reads outside the uploads folder', async () => {
    writeFileSync(path.join(h.dataDir, 'secret.txt'), 'top secret')
    await expect(h.storage.get('../secret.txt')).rejects.toMatchObject({ code: 'VALIDATION' })
    await expect(h.storage.list({ prefix: '../' })).rejects.toMatchObject({ code: 'VALIDATION' })
  })

  it('gives a reader the old bytes while a new version replaces the file', async () => {
    await h.storage.put('swap.bin', countingBytes(200_000), { contentType: 'application/octet-stream' })
    const reading = await h.storage.get('swap.bin')
    await h.storage.put('swap.bin', Buffer.from('new'), { contentType: 'text/plain' })
    expect((await bytesOf(reading.body)).equals(countingBytes(200_000))).toBe(true)
    expect(await text((await h.storage.get('swap.bin')).body)).toBe('new')
  })

  it('says CONFLICT when a key would need a file to be a folder', async () => {
    await expect(
      h.storage.put('a/b/c.txt/d', Buffer.from('x'), { contentType: 'text/plain' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    })
    await expect(h.storage.put('a/b', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject(
      {
        code: 'CONFLICT',
      },
    )
    expect(readdirSync(path.join(h.root, '.tmp'))).toEqual([])
  })
})

describe('S3 driver specifics', () => {
  let h: Harness
  beforeAll(async () => {
    h = await s3Harness()
  })
  afterAll(() => h.close())

  it('stores Content-Type and Cache-Control on the object itself', async () => {
    await h.storage.put('meta/poster.png', Buffer.from('png-ish'), { contentType: 'image/png' })
    const client = new S3Client(s3ClientConfig(s3Options!))
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'meta/poster.png' }))
    expect(head.ContentType).toBe('image/png')
    expect(head.CacheControl).toBe('max-age=3600')
    expect(head.ContentLength).toBe(7)
    client.destroy()
  })

  it('skips objects with keys this app would refuse', async () => {
    const client = new S3Client(s3ClientConfig(s3Options!))
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'foreign/.hidden', Body: 'x' }))
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'foreign/ok.txt', Body: 'x' }))
    expect((await h.storage.list({ prefix: 'foreign/' })).map((o) => o.key)).toEqual(['foreign/ok.txt'])
    client.destroy()
  })

  it('asks for checksums only when required, for S3-compatible servers', () => {
    const config = s3ClientConfig(s3Options!)
    expect(config).toMatchObject({
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      forcePathStyle: true,
    })
  })
})
