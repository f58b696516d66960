import path from 'node:path'
import type { AppConfig } from '#server/config/env.ts'
import { createLocalStorage } from './local-driver.ts'
import { createS3Storage } from './s3-driver.ts'
import type { Storage } from './storage.ts'

/** An S3-compatible bucket when S3_BUCKET is set, otherwise `${DATA_DIR}/uploads` on local disk. */
export function createStorage(config: AppConfig): Storage {
  if (config.s3) return createS3Storage(config.s3)
  return createLocalStorage({ root: path.join(config.dataDir, 'uploads') })
}
