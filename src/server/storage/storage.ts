import type { Readable } from 'node:stream'
import type { ByteRange } from '#core/files/http-range.ts'

/** Spec §9 storage defaults. */
export const LIST_DEFAULT_LIMIT = 100
export const LIST_DEFAULT_OFFSET = 0
export const DEFAULT_CACHE_CONTROL = 'max-age=3600'

export interface StoredObject {
  key: string
  size: number
  contentType: string
  cacheControl: string
  updatedAt: Date
}

export type { ByteRange }

export interface GetResult {
  object: StoredObject
  body: Readable
  /** Present when a range was asked for. */
  range?: ByteRange
}

export interface ListOptions {
  prefix?: string
  limit?: number
  offset?: number
  sortBy?: { column: 'name' | 'updatedAt' | 'size'; order: 'asc' | 'desc' }
}

export interface PutOptions {
  contentType: string
  cacheControl?: string
}

/**
 * Where files live: local disk under DATA_DIR/uploads by default, an S3-compatible bucket when S3_*
 * is configured. Keys are slash-separated relative paths.
 */
export interface Storage {
  readonly driver: 'local' | 's3'
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<StoredObject>
  /** Throws AppError NOT_FOUND when missing, RANGE_NOT_SATISFIABLE when the range is out of bounds. */
  get(key: string, options?: { range?: ByteRange }): Promise<GetResult>
  stat(key: string): Promise<StoredObject | null>
  delete(key: string): Promise<void>
  list(options?: ListOptions): Promise<StoredObject[]>
  /**
   * Remove half-written files (local disk: `.tmp/`) last touched before `olderThan`; returns how
   * many. A crash mid-upload leaves them; drivers without such files leave this out.
   */
  sweepTemporary?(olderThan: Date): Promise<number>
  /** Release connections (S3 client sockets) at shutdown. */
  close?(): void
}
