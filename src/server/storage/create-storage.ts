import path from 'node:path'
import type { AppConfig } from '#server/config/env.ts'
import { createLocalStorage } from './local-driver.ts'
import type { Storage } from './storage.ts'

/**
 * An S3-compatible bucket when S3_BUCKET is set, otherwise `${DATA_DIR}/uploads` on local disk. The
 * S3 client (about 1 MB of code) loads only when a bucket is configured (decision 0027).
 */
export async function createStorage(config: AppConfig): Promise<Storage> {
  if (config.s3) return (await import('./s3-driver.ts')).createS3Storage(config.s3)
  return createLocalStorage({ root: path.join(config.dataDir, 'uploads') })
}
