import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { TestProject } from 'vitest/node'
import type { Role } from '#core/auth/roles.ts'
import { openDb, pgliteDir } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import { signUp, type TestAccount } from './accounts.ts'
import { freePort, startServer, type RunningServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the e2e server listens, e.g. http://127.0.0.1:41234 (also its APP_URL). */
    baseUrl: string
    /** An account holding the superAdmin role. */
    superAdmin: TestAccount
  }
}

const SUPER_ADMIN: TestAccount = {
  email: 'sam.super@stagedoor.test',
  password: 'correct horse battery staple',
  name: 'Sam Super',
}

/**
 * Mark the account's email verified and grant its roles, straight in the embedded database: neither
 * can be done over HTTP without reading mail, and only one process can open an embedded database,
 * so this runs while the server is stopped.
 */
async function verifyAndGrant(dataDir: string, email: string, roles: Role[]): Promise<void> {
  const handle = await openDb({ dataDir: pgliteDir(dataDir) })
  try {
    const updated = await handle.db
      .update(users)
      .set({ emailVerified: true, roles })
      .where(eq(users.email, email))
      .returning()
    if (updated.length !== 1) throw new Error(`expected one user ${email}, updated ${updated.length}`)
  } finally {
    await handle.close()
  }
}

/**
 * Start the real server on a free port with a fresh embedded database, with a superAdmin account in
 * it, for the whole e2e run; stop it and delete its data afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-e2e-'))
  const port = await freePort()
  let server: RunningServer | undefined
  try {
    // First boot migrates the new database; the account is made through the real sign-up.
    server = await startServer({ dataDir, port })
    await signUp(server.baseUrl, SUPER_ADMIN)
    await server.stop()
    await verifyAndGrant(dataDir, SUPER_ADMIN.email, ['superAdmin'])
    server = await startServer({ dataDir, port })
  } catch (error) {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  console.log(`e2e server ready at ${server.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  project.provide('baseUrl', server.baseUrl)
  project.provide('superAdmin', SUPER_ADMIN)

  const running = server
  return async () => {
    await running.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
