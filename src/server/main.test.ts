import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnServer, startServerProcess } from '#server/testing/processes.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-main-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('main.ts', () => {
  it(
    'starts on a fresh data directory, shuts down on SIGTERM, and starts again on the same data',
    { timeout: 200_000 },
    async () => {
      // Time to healthy is measured by `npm run bench` (bench/startup.ts), not asserted here.
      const first = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' })
      const health = await (await fetch(`${first.url}/api/health`)).json()
      expect(health).toMatchObject({ status: 'ok', database: { reachable: true } })
      expect(await first.stop()).toBe(0)
      expect(first.output()).toContain('shutting down')

      const second = await startServerProcess({ DATA_DIR: dataDir })
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200)
      if (existsSync(`/proc/${second.child.pid}`)) {
        // The production command's memory settings (scripts/server.sh) reach the server itself.
        const argv = readFileSync(`/proc/${second.child.pid}/cmdline`, 'utf8').split('\0')
        const environ = readFileSync(`/proc/${second.child.pid}/environ`, 'utf8').split('\0')
        expect(argv).toContain('--max-old-space-size=192')
        expect(argv.at(-2)).toBe('dist/server/main.js')
        expect(environ).toContain('MALLOC_ARENA_MAX=2')
      }
      expect(await second.stop()).toBe(0)
    },
  )

  it(
    'a production start on the embedded database logs one line naming the engine and its durability',
    { timeout: 200_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'stagedoor-main-prod-'))
      try {
        const server = await startServerProcess({
          NODE_ENV: 'production',
          DATA_DIR: dir,
          AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
          MAIL_DISABLED: 'true',
          LOG_LEVEL: 'warn',
        })
        expect(await server.stop()).toBe(0)
        const lines = server
          .output()
          .split('\n')
          .filter((line) => line.includes('Database: embedded PGlite'))
        expect(lines).toHaveLength(1)
        expect(lines[0]).toContain('durable commits on')
        expect(lines[0]).toContain('"durableCommits":true')
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  )

  it('refuses to start with bad configuration, listing every problem', { timeout: 30_000 }, async () => {
    const { child, output } = spawnServer({
      PORT: 'eighty',
      SMTP_URL: 'http://x',
      DATA_DIR: dataDir,
    })
    const code = await new Promise((resolve) => child.once('exit', resolve))
    expect(code).toBe(1)
    expect(output()).toContain('PORT')
    expect(output()).toContain('SMTP_URL')
  })

  it(
    'refuses a production start without SMTP_URL or MAIL_DISABLED, in one line',
    { timeout: 30_000 },
    async () => {
      const { child, output } = spawnServer({
        NODE_ENV: 'production',
        AUTH_SECRET: 's'.repeat(40),
        APP_URL: 'https://stagedoor.example',
        DATA_DIR: dataDir,
        SMTP_URL: '',
        MAIL_DISABLED: '',
      })
      const code = await new Promise((resolve) => child.once('exit', resolve))
      expect(code).toBe(1)
      const problems = output()
        .split('\n')
        .filter((line) => line.startsWith('  - '))
      expect(problems).toEqual([
        expect.stringMatching(/^ {2}- SMTP_URL: is required when NODE_ENV=production.*MAIL_DISABLED=true/),
      ])
    },
  )
})
