import { AppError } from '#core/errors.ts'
import {
  LIST_DEFAULT_LIMIT,
  LIST_DEFAULT_OFFSET,
  type ByteRange,
  type ListOptions,
  type PutOptions,
  type StoredObject,
} from './storage.ts'

export const LIST_MAX_LIMIT = 1000
export const MAX_KEY_LENGTH = 1024
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream'

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/

function refuse(what: string, value: string, reason: string): never {
  throw new AppError('VALIDATION', `Invalid storage ${what} ${JSON.stringify(value)}: ${reason}.`)
}

function checkSegments(what: string, value: string, allowEmptyLast: boolean): void {
  if (CONTROL_CHARS.test(value)) refuse(what, value, 'it contains control characters')
  if (value.includes('\\')) refuse(what, value, 'it contains a backslash')
  if (value.startsWith('/')) refuse(what, value, 'it is an absolute path')
  const segments = value.split('/')
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1
    if (segment === '' && !(last && allowEmptyLast)) refuse(what, value, 'it has an empty path segment')
    // NOTE: this refuses `.` and `..` and also hidden names, which leaves `.meta` and `.tmp` free
    // for the local driver's own bookkeeping beside the files.
    if (segment.startsWith('.')) refuse(what, value, 'a path segment starts with a dot')
  })
}

/**
 * Keys are slash-separated relative paths: no `..`, no absolute paths, no backslashes, no empty
 * segments, no control characters. Both drivers check, so a key that works on one works on the other.
 */
export function assertSafeKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0)
    throw new AppError('VALIDATION', 'A storage key is required.')
  if (key.length > MAX_KEY_LENGTH)
    refuse('key', key.slice(0, 40) + '…', `it is longer than ${MAX_KEY_LENGTH}`)
  checkSegments('key', key, false)
  return key
}

/** assertSafeKey without the throw, for keys found in a bucket that others may also write to. */
export function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key)
    return true
  } catch {
    return false
  }
}

/** A list prefix follows the key rules, except that it may end in `/` or part-way through a name. */
export function assertSafePrefix(prefix: string): string {
  if (prefix === '') return prefix
  if (prefix.length > MAX_KEY_LENGTH) refuse('prefix', prefix.slice(0, 40) + '…', 'it is too long')
  checkSegments('prefix', prefix, true)
  return prefix
}

/** Content type and Cache-Control go back out as response headers: no line breaks smuggled in. */
export function resolvePutOptions(options: PutOptions, defaultCacheControl: string) {
  const contentType = options.contentType?.trim() || DEFAULT_CONTENT_TYPE
  const cacheControl = options.cacheControl?.trim() || defaultCacheControl
  if (CONTROL_CHARS.test(contentType)) refuse('content type', contentType, 'it contains control characters')
  if (CONTROL_CHARS.test(cacheControl))
    refuse('cache control', cacheControl, 'it contains control characters')
  return { contentType, cacheControl }
}

export interface ResolvedListOptions {
  prefix: string
  limit: number
  offset: number
  sortBy: { column: 'name' | 'updatedAt' | 'size'; order: 'asc' | 'desc' }
}

/** Spec defaults: limit 100 (at most 1000), offset 0, by name ascending. */
export function resolveListOptions(options: ListOptions = {}): ResolvedListOptions {
  const limit = options.limit ?? LIST_DEFAULT_LIMIT
  const offset = options.offset ?? LIST_DEFAULT_OFFSET
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_MAX_LIMIT) {
    throw new AppError('VALIDATION', `List limit must be a whole number from 1 to ${LIST_MAX_LIMIT}.`)
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw new AppError('VALIDATION', 'List offset must be a whole number, 0 or more.')
  }
  const sortBy = options.sortBy ?? { column: 'name', order: 'asc' }
  if (!['name', 'updatedAt', 'size'].includes(sortBy.column) || !['asc', 'desc'].includes(sortBy.order)) {
    throw new AppError('VALIDATION', 'List sortBy must be name, updatedAt or size, asc or desc.')
  }
  return { prefix: assertSafePrefix(options.prefix ?? ''), limit, offset, sortBy }
}

/**
 * Keys in UTF-8 byte order, the order S3 lists them in, so both drivers page the same way and the S3
 * driver may stop listing early.
 */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}

type Sortable = Pick<StoredObject, 'key' | 'size' | 'updatedAt'>

/** Sort (ties broken by key, ascending) and cut out one page. */
export function sortAndPage<T extends Sortable>(objects: T[], options: ResolvedListOptions): T[] {
  const { column, order } = options.sortBy
  const sign = order === 'asc' ? 1 : -1
  const primary = (a: T, b: T): number =>
    column === 'size' ? a.size - b.size : a.updatedAt.getTime() - b.updatedAt.getTime()
  // Ties (same size, same time) stay in name order whichever way the column is sorted.
  const compare =
    column === 'name'
      ? (a: T, b: T) => sign * compareKeys(a.key, b.key)
      : (a: T, b: T) => sign * primary(a, b) || compareKeys(a.key, b.key)
  const sorted = [...objects].sort(compare)
  return sorted.slice(options.offset, options.offset + options.limit)
}

/** Ranges are inclusive and must lie inside the file: HTTP-style clamping is the route's job. */
export function assertRange(range: ByteRange, size: number): void {
  const { start, end } = range
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || end >= size) {
    throw new AppError(
      'RANGE_NOT_SATISFIABLE',
      `The range ${start}-${end} is outside the file (${size} bytes).`,
    )
  }
}
