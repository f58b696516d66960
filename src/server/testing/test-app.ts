import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp, type BuildAppOptions } from '#server/app.ts'
import { loadConfig, type AppConfig } from '#server/config/env.ts'
import { createTestDb, type TestDb } from './test-db.ts'

export interface TestApp {
  app: FastifyInstance
  config: AppConfig
  db: TestDb
  dataDir: string
  close(): Promise<void>
}

/** An app on a fresh cloned database and a temporary data directory; nothing listens. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'dbHandle'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    APP_URL: 'http://localhost:3000',
    DEMO_MODE: 'false',
    // NOTE: every inject comes from one address; ticket-hoarding.test.ts sets the real limits.
    TICKET_ANON_ORDERS_PER_ADDRESS: '10000',
    TICKET_ANON_ORDERS_PER_EMAIL: '10000',
    ...env,
  })
  const db = await createTestDb()
  const app = await buildApp(config, { ...options, dbHandle: db.handle, skipMigrations: true })
  return {
    app,
    config,
    db,
    dataDir,
    async close() {
      await app.close()
      await db.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** POST a GraphQL operation through app.inject and return status and parsed body. */
export async function gql<T = Record<string, unknown>>(
  app: FastifyInstance,
  query: string,
  options: { variables?: Record<string, unknown>; operationName?: string; token?: string } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}`, 'auth-provider': 'better-auth' } : {}),
    },
    payload: { query, variables: options.variables ?? {}, operationName: options.operationName },
  })
  return {
    status: response.statusCode,
    body: response.json() as {
      data: T | null
      errors?: { message: string; extensions?: { code?: string } }[]
    },
  }
}
