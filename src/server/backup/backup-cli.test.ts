import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDb, pgliteDir } from '#server/db/client.ts'
import { startServerProcess, type ServerProcess } from '#server/testing/processes.ts'
import { appliedMigrations } from './backup.ts'
import { readManifest } from './restore.ts'

// The commands as an operator runs them, against a running server on the embedded database (the
// case where only the server may open the data). PostgreSQL's path is the same code as backup.test.ts.
const work = mkdtempSync(path.join(tmpdir(), 'stagedoor-backup-cli-'))
let server: ServerProcess | undefined
afterAll(async () => {
  if (server) await server.stop()
  rmSync(work, { recursive: true, force: true })
})

/** Run a command-line entry with arguments, as `npm run <script> -- args` would. */
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

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'npm run backup / restore (embedded, server running)',
  () => {
    it(
      'backs up through the running server, and restore waits for it to stop',
      { timeout: 240_000 },
      async () => {
        const dataDir = path.join(work, 'live')
        mkdirSync(path.join(dataDir, 'uploads', 'uploads', 'image'), { recursive: true })
        writeFileSync(path.join(dataDir, 'uploads', 'uploads', 'image', 'a-poster.png'), 'png bytes')
        const env = { DATA_DIR: dataDir, DEMO_MODE: 'false', MAIL_DISABLED: 'true' }
        server = await startServerProcess(env)
        const out = path.join(work, 'live.tar.gz')
        const backup = await runCli('src/server/backup/backup-cli.ts', ['--out', out], env)
        expect(backup.output).toContain('Backup written')
        expect(backup.code).toBe(0)
        const manifest = await readManifest(out)
        expect(manifest).toMatchObject({ engine: 'pglite', database: 'pglite-datadir', uploads: 1 })
        expect(manifest.migrations).toBeGreaterThan(0)

        const refused = await runCli('src/server/backup/restore-cli.ts', [out], env)
        expect(refused.code).toBe(1)
        expect(refused.output).toContain('stop it')
        expect(await server.stop()).toBe(0)
        server = undefined

        const target = path.join(work, 'restored')
        const restore = await runCli('src/server/backup/restore-cli.ts', [out], { ...env, DATA_DIR: target })
        expect(restore.output).toContain('Restore complete')
        expect(restore.code).toBe(0)
        expect(existsSync(path.join(target, 'uploads', 'uploads', 'image', 'a-poster.png'))).toBe(true)
        const handle = await openDb({ dataDir: pgliteDir(target) })
        try {
          expect(await appliedMigrations(handle.db)).toBe(manifest.migrations)
        } finally {
          await handle.close()
        }
      },
    )
  },
)
