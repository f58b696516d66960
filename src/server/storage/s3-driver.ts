import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline, Readable, Transform } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { AppError } from '#core/errors.ts'
import {
  assertRange,
  assertSafeKey,
  DEFAULT_CONTENT_TYPE,
  isSafeKey,
  resolveListOptions,
  resolvePutOptions,
  sortAndPage,
} from './keys.ts'
import { writeBody } from './write-body.ts'
import { DEFAULT_CACHE_CONTROL, type GetResult, type Storage, type StoredObject } from './storage.ts'

export interface S3StorageOptions {
  bucket: string
  region: string
  endpoint: string | undefined
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
  defaultCacheControl?: string
  /** Parallel HEAD requests when listing (content type is not in ListObjectsV2). */
  headConcurrency?: number
}

/** Build the client; exported so tests can check the settings it is given. */
export function s3ClientConfig(options: S3StorageOptions): S3ClientConfig {
  return {
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // NOTE: since early 2025 the SDK adds CRC32 checksums (aws-chunked trailers) to every upload by
    // default, which several S3-compatible servers (older MinIO, R2 set-ups, s3rver) refuse or store
    // wrongly. Checksums only where the API requires them works on AWS and on the others.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode
}

function errorName(error: unknown): string | undefined {
  return (error as { name?: string } | undefined)?.name
}

const isMissing = (error: unknown) =>
  httpStatus(error) === 404 || ['NoSuchKey', 'NotFound'].includes(errorName(error) ?? '')

/**
 * Files in an S3-compatible bucket: the same contract as the local driver. Content type and
 * Cache-Control are stored on the object, so a CDN in front of the bucket would serve them too.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client(s3ClientConfig(options))
  const Bucket = options.bucket
  const defaultCacheControl = options.defaultCacheControl ?? DEFAULT_CACHE_CONTROL
  const headConcurrency = options.headConcurrency ?? 8

  function toObject(
    key: string,
    meta: { size: number; contentType?: string; cacheControl?: string; lastModified?: Date },
  ): StoredObject {
    return {
      key,
      size: meta.size,
      contentType: meta.contentType || DEFAULT_CONTENT_TYPE,
      cacheControl: meta.cacheControl || defaultCacheControl,
      updatedAt: meta.lastModified ?? new Date(0),
    }
  }

  async function statKey(key: string): Promise<StoredObject | null> {
    assertSafeKey(key)
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
      return toObject(key, {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType,
        cacheControl: head.CacheControl,
        lastModified: head.LastModified,
      })
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async function putObject(
    key: string,
    body: Buffer | Readable,
    length: number,
    meta: { contentType: string; cacheControl: string },
  ) {
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: key,
        Body: body,
        ContentLength: length,
        ContentType: meta.contentType,
        CacheControl: meta.cacheControl,
      }),
    )
  }

  return {
    driver: 's3',
    close: () => client.destroy(),

    async put(key, body, putOptions) {
      assertSafeKey(key)
      const meta = resolvePutOptions(putOptions, defaultCacheControl)
      if (Buffer.isBuffer(body)) {
        await putObject(key, body, body.length, meta)
      } else {
        // NOTE: S3 wants the length up front and a stream of unknown length cannot give it, so the
        // stream is spooled to a temporary file first. That also means a stream that fails part-way
        // (an upload over its limit) never reaches the bucket at all.
        const dir = await mkdtemp(path.join(tmpdir(), 'stagedoor-s3-'))
        try {
          const file = path.join(dir, 'body')
          await writeBody(file, body)
          const { size } = await stat(file)
          await putObject(key, createReadStream(file), size, meta)
        } finally {
          await rm(dir, { recursive: true, force: true })
        }
      }
      const stored = await statKey(key)
      if (!stored) throw new Error(`S3 object ${key} missing right after it was written`)
      return stored
    },

    async get(key, getOptions = {}) {
      assertSafeKey(key)
      const range = getOptions.range
      if (range) assertRange(range, Number.MAX_SAFE_INTEGER) // shape only; the size is checked below
      let response
      try {
        response = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        )
      } catch (error) {
        if (isMissing(error)) throw new AppError('NOT_FOUND', `No file at ${JSON.stringify(key)}.`)
        if (httpStatus(error) === 416 || errorName(error) === 'InvalidRange') {
          throw new AppError(
            'RANGE_NOT_SATISFIABLE',
            `The range ${range?.start}-${range?.end} is outside the file.`,
          )
        }
        throw error
      }
      const raw = response.Body
      if (!(raw instanceof Readable)) throw new Error('S3 GetObject gave no Node.js stream')
      // S3 answers a range that runs past the end with the bytes it has; the contract is stricter.
      const served = parseContentRange(response.ContentRange)
      const total = served?.size ?? response.ContentLength ?? 0
      const object = toObject(key, {
        size: total,
        contentType: response.ContentType,
        cacheControl: response.CacheControl,
        lastModified: response.LastModified,
      })
      let body: Readable = raw
      if (range) {
        try {
          assertRange(range, total)
        } catch (error) {
          raw.destroy()
          throw error
        }
        // NOTE: some S3-compatible servers send more than was asked for (s3rver answers `bytes=0-0`
        // with the whole object, or ignore Range and send 200): cut out exactly the asked-for bytes.
        const from = served?.start ?? 0
        if (from > range.start) {
          raw.destroy()
          throw new Error(`S3 sent bytes from ${from} when asked for ${range.start}-${range.end}`)
        }
        if (from !== range.start || (served?.end ?? total - 1) !== range.end) {
          // pipeline: a reader that stops early also stops the download, and S3 errors reach the reader.
          body = pipeline(raw, sliceBytes(range.start - from, range.end - range.start + 1), () => {})
        }
      }
      const result: GetResult = { object, body }
      if (range) result.range = range
      return result
    },

    stat: statKey,

    async delete(key) {
      assertSafeKey(key)
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },

    async list(listOptions) {
      const resolved = resolveListOptions(listOptions)
      // S3 lists in the same order as name ascending, so that sort can stop once the page is in hand.
      const enough = resolved.sortBy.column === 'name' && resolved.sortBy.order === 'asc'
      const wanted = resolved.offset + resolved.limit
      const found: { key: string; size: number; updatedAt: Date }[] = []
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            ...(resolved.prefix ? { Prefix: resolved.prefix } : {}),
            ...(token ? { ContinuationToken: token } : {}),
          }),
        )
        for (const item of page.Contents ?? []) {
          // Objects written by other tools may have keys this app would refuse: they are not ours.
          if (!item.Key || !isSafeKey(item.Key)) continue
          found.push({ key: item.Key, size: item.Size ?? 0, updatedAt: item.LastModified ?? new Date(0) })
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token && !(enough && found.length >= wanted))

      const keys = sortAndPage(found, resolved).map((item) => item.key)
      const objects = await mapLimit(keys, headConcurrency, (key) => statKey(key))
      // An object deleted between the listing and its HEAD is left out.
      return objects.filter((object): object is StoredObject => object !== null)
    },
  }
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await fn(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

function parseContentRange(
  header: string | undefined,
): { start: number; end: number; size: number } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '')
  if (!match) return undefined
  return { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) }
}

/** Drop `skip` bytes, pass `length`, drop the rest. */
function sliceBytes(skip: number, length: number): Transform {
  let position = 0
  const end = skip + length
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const from = Math.max(skip - position, 0)
      const to = Math.min(end - position, chunk.length)
      position += chunk.length
      callback(null, to > from ? chunk.subarray(from, to) : undefined)
    },
  })
}
