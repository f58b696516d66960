import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '#server/testing/smtp.ts'
import { startServerProcess, type ServerProcess } from '#server/testing/processes.ts'
import {
  makeServerData,
  scratchDatabase,
  signInOverHttp,
  type ServerData,
} from '#server/testing/server-fixture.ts'

// Issue 26, finding 12: a default install restored into a fresh DATA_DIR signed members in but its
// /api/auth/token answered null, because `npm run backup` left DATA_DIR/auth-secret behind. The
// commands as an operator runs them, on the engine of this integration run (embedded, or PostgreSQL
// in CI's second run): backup → restore into an EMPTY data directory → the compiled server → sign
// in over HTTP → a token → a GraphQL read.

const onPostgres = Boolean(process.env.DATABASE_URL)
const work = mkdtempSync(path.join(tmpdir(), 'stagedoor-roundtrip-'))
let source: ServerData | undefined
let server: ServerProcess | undefined
let target: { drop(): Promise<void> } | undefined
afterAll(async () => {
  await server?.stop()
  await source?.dispose()
  await target?.drop()
  rmSync(work, { recursive: true, force: true })
})

/** Run a command-line entry as `npm run <script> -- args` would. */
async function runCli(entry: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { code, output }
}

describe(`backup round trip into an empty DATA_DIR (${onPostgres ? 'PostgreSQL' : 'embedded'})`, () => {
  it(
    'restores a society whose members sign in, get a token and read through GraphQL',
    { timeout: 600_000 },
    async () => {
      source = await makeServerData('roundtrip')
      const out = path.join(work, 'society.tar.gz')
      const backup = await runCli('src/server/backup/backup-cli.ts', ['--out', out], source.env)
      expect(backup.output).toContain('Backup written')
      expect(backup.output).toMatch(/It holds auth-secret and vapid-keys\.json/)
      expect(backup.code).toBe(0)

      // Another machine: an empty data directory (and an empty database), another address.
      const dataDir = path.join(work, 'restored')
      const port = await freePort()
      let env: Record<string, string> = {
        DATA_DIR: dataDir,
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        DEMO_MODE: 'false',
        MAIL_DISABLED: 'true',
      }
      if (onPostgres) {
        const database = await scratchDatabase('roundtrip_target')
        target = database
        env = { ...env, DATABASE_URL: database.url }
      }
      expect(existsSync(dataDir)).toBe(false)
      const restore = await runCli('src/server/backup/restore-cli.ts', [out], env)
      expect(restore.output).toContain('Restore complete')
      expect(restore.code).toBe(0)
      expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['auth-secret', 'vapid-keys.json']))

      server = await startServerProcess(env)
      const signedIn = await signInOverHttp(server.url, source.member)
      expect(signedIn.status).toBe(200)
      expect(signedIn.token).toMatch(/^ey/)
      const read = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${signedIn.token}` },
        body: JSON.stringify({ query: '{ currentUser { email name } }' }),
      })
      expect(await read.json()).toEqual({
        data: { currentUser: { email: source.member.email, name: source.member.name } },
      })
    },
  )
})
