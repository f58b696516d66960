import { randomUUID } from 'node:crypto'
import type { Dirent, Stats } from 'node:fs'
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { AppError } from '#core/errors.ts'
import { assertRange, assertSafeKey, resolveListOptions, resolvePutOptions, sortAndPage } from './keys.ts'
import { writeBody } from './write-body.ts'
import { DEFAULT_CACHE_CONTROL, type GetResult, type Storage, type StoredObject } from './storage.ts'

/** Beside the files: `.meta/<key>.json` holds content type and cache control, `.tmp/` half-written files. */
const META_DIR = '.meta'
const TMP_DIR = '.tmp'

interface Meta {
  contentType: string
  cacheControl: string
}

export interface LocalStorageOptions {
  /** `${DATA_DIR}/uploads`. */
  root: string
  defaultCacheControl?: string
}

function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code
}

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR'])

/**
 * Files on local disk. Writes go to a temporary file that is renamed into place, so a reader sees the
 * old file or the new one, never half of one, and a failed upload leaves nothing behind.
 */
export function createLocalStorage(options: LocalStorageOptions): Storage {
  const root = path.resolve(options.root)
  const defaultCacheControl = options.defaultCacheControl ?? DEFAULT_CACHE_CONTROL

  function filePath(key: string): string {
    assertSafeKey(key)
    const full = path.resolve(root, key)
    // Belt and braces: assertSafeKey already makes escaping impossible.
    if (!full.startsWith(root + path.sep))
      throw new AppError('VALIDATION', `Invalid storage key ${JSON.stringify(key)}.`)
    return full
  }

  const metaPath = (key: string) => path.join(root, META_DIR, `${key}.json`)

  async function readMeta(key: string): Promise<Meta> {
    try {
      const parsed = JSON.parse(await readFile(metaPath(key), 'utf8')) as Partial<Meta>
      return {
        contentType: parsed.contentType || 'application/octet-stream',
        cacheControl: parsed.cacheControl || defaultCacheControl,
      }
    } catch (error) {
      if (MISSING.has(errnoCode(error) ?? '')) {
        return { contentType: 'application/octet-stream', cacheControl: defaultCacheControl }
      }
      throw error
    }
  }

  function toObject(key: string, stats: Stats, meta: Meta): StoredObject {
    return { key, size: stats.size, updatedAt: stats.mtime, ...meta }
  }

  async function statKey(key: string): Promise<StoredObject | null> {
    const file = filePath(key)
    let stats: Stats
    try {
      stats = await stat(file)
    } catch (error) {
      if (MISSING.has(errnoCode(error) ?? '')) return null
      throw error
    }
    if (!stats.isFile()) return null
    return toObject(key, stats, await readMeta(key))
  }

  function clash(key: string): AppError {
    return new AppError(
      'CONFLICT',
      `The storage key ${JSON.stringify(key)} clashes with an existing file or folder.`,
    )
  }

  return {
    driver: 'local',

    async put(key, body, putOptions) {
      const file = filePath(key)
      const meta = resolvePutOptions(putOptions, defaultCacheControl)
      const tmpDir = path.join(root, TMP_DIR)
      await mkdir(tmpDir, { recursive: true })
      const tmpFile = path.join(tmpDir, randomUUID())
      const tmpMeta = `${tmpFile}.meta.json`
      try {
        await writeBody(tmpFile, body)
        await writeFile(tmpMeta, JSON.stringify(meta), { flag: 'wx', flush: true })
        try {
          await mkdir(path.dirname(file), { recursive: true })
          await mkdir(path.dirname(metaPath(key)), { recursive: true })
          await rename(tmpMeta, metaPath(key))
          await rename(tmpFile, file)
        } catch (error) {
          const code = errnoCode(error)
          if (code === 'EISDIR' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'ENOTEMPTY')
            throw clash(key)
          throw error
        }
      } catch (error) {
        await Promise.all([rm(tmpFile, { force: true }), rm(tmpMeta, { force: true })])
        throw error
      }
      return toObject(key, await stat(file), meta)
    },

    async get(key, getOptions = {}) {
      const file = filePath(key)
      let handle
      try {
        handle = await open(file, 'r')
      } catch (error) {
        if (MISSING.has(errnoCode(error) ?? '')) throw notFound(key)
        throw error
      }
      try {
        // The open handle keeps reading the file it opened even if a new version is renamed over it.
        const stats = await handle.stat()
        if (!stats.isFile()) throw notFound(key)
        const object = toObject(key, stats, await readMeta(key))
        const range = getOptions.range
        if (range) assertRange(range, object.size)
        const body: Readable = handle.createReadStream(range ? { start: range.start, end: range.end } : {})
        const result: GetResult = { object, body }
        if (range) result.range = range
        return result
      } catch (error) {
        await handle.close()
        throw error
      }
    },

    stat: statKey,

    async delete(key) {
      const file = filePath(key)
      try {
        await unlink(file)
      } catch (error) {
        if (!MISSING.has(errnoCode(error) ?? '') && errnoCode(error) !== 'EPERM') throw error
      }
      await rm(metaPath(key), { force: true })
    },

    async sweepTemporary(olderThan) {
      const tmpDir = path.join(root, TMP_DIR)
      let names: string[]
      try {
        names = await readdir(tmpDir)
      } catch (error) {
        if (MISSING.has(errnoCode(error) ?? '')) return 0
        throw error
      }
      let removed = 0
      for (const name of names) {
        const file = path.join(tmpDir, name)
        try {
          const stats = await stat(file)
          if (stats.mtime >= olderThan) continue
          await rm(file, { recursive: true, force: true })
          removed++
        } catch (error) {
          if (!MISSING.has(errnoCode(error) ?? '')) throw error
        }
      }
      return removed
    },

    async list(listOptions) {
      const resolved = resolveListOptions(listOptions)
      // Start at the deepest folder the prefix names: `uploads/image/ab` → walk `uploads/image`.
      const folder = resolved.prefix.includes('/')
        ? resolved.prefix.slice(0, resolved.prefix.lastIndexOf('/'))
        : ''
      const found: { key: string; size: number; updatedAt: Date }[] = []
      for await (const key of walk(root, folder)) {
        if (!key.startsWith(resolved.prefix)) continue
        try {
          const stats = await stat(path.join(root, key))
          found.push({ key, size: stats.size, updatedAt: stats.mtime })
        } catch (error) {
          if (!MISSING.has(errnoCode(error) ?? '')) throw error
        }
      }
      const page = sortAndPage(found, resolved)
      return Promise.all(page.map(async (item) => ({ ...item, ...(await readMeta(item.key)) })))
    },
  }
}

/** Keys of regular files under `root/folder`, skipping dot-names (bookkeeping, never valid keys). */
async function* walk(root: string, folder: string): AsyncGenerator<string> {
  let entries: Dirent[]
  try {
    entries = await readdir(path.join(root, folder), { withFileTypes: true })
  } catch (error) {
    if (MISSING.has(errnoCode(error) ?? '')) return
    throw error
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    const key = folder ? `${folder}/${entry.name}` : entry.name
    if (entry.isDirectory()) yield* walk(root, key)
    else if (entry.isFile()) yield key
  }
}

function notFound(key: string): AppError {
  return new AppError('NOT_FOUND', `No file at ${JSON.stringify(key)}.`)
}
