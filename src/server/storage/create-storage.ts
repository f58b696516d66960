// PLACEHOLDER: replaced by the storage implementation (local and S3 drivers).
import type { AppConfig } from '#server/config/env.ts'
import type { Storage } from './storage.ts'

export function createStorage(_config: AppConfig): Storage {
  const missing = () => {
    throw new Error('storage not implemented yet')
  }
  return { driver: 'local', put: missing, get: missing, stat: missing, delete: missing, list: missing }
}
