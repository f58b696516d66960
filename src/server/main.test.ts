import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnTs, startServerProcess } from '#server/testing/processes.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-main-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('main.ts', () => {
  it(
    'starts on a fresh data directory, shuts down on SIGTERM, and starts again on the same data',
    { timeout: 60_000 },
    async () => {
      // Time to healthy is measured by `npm run bench` (bench/startup.ts), not asserted here.
      const first = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' })
      const health = await (await fetch(`${first.url}/api/health`)).json()
      expect(health).toMatchObject({ status: 'ok', database: { reachable: true } })
      expect(await first.stop()).toBe(0)
      expect(first.output()).toContain('shutting down')

      const second = await startServerProcess({ DATA_DIR: dataDir })
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200)
      expect(await second.stop()).toBe(0)
    },
  )

  it('refuses to start with bad configuration, listing every problem', { timeout: 30_000 }, async () => {
    const { child, output } = spawnTs('src/server/main.ts', {
      PORT: 'eighty',
      SMTP_URL: 'http://x',
      DATA_DIR: dataDir,
    })
    const code = await new Promise((resolve) => child.once('exit', resolve))
    expect(code).toBe(1)
    expect(output()).toContain('PORT')
    expect(output()).toContain('SMTP_URL')
  })
})
