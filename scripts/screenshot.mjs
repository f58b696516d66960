#!/usr/bin/env node
// Save docs/screenshot.png: the landing page at 1280×800, served by the real server on a fresh
// embedded database and shot in headless Chromium (the e2e harness's helpers).
// Usage: `node scripts/screenshot.mjs [path] [url-path]`; set E2E_BUILD=1 to rebuild the client first.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'
import { ensureChromium } from './find-chromium.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const output = path.resolve(root, process.argv[2] ?? 'docs/screenshot.png')
const route = process.argv[3] ?? '/'

process.env.CHROMIUM_PATH = ensureChromium()
if (process.env.E2E_BUILD === '1' || !existsSync(path.join(root, 'dist/client/index.html'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

register()
const { freePort, startServer } = await import('../e2e/support/server.ts')
const { launchBrowser } = await import('../e2e/support/browser.ts')

const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-screenshot-'))
const server = await startServer({ dataDir, port: await freePort() })
const browser = await launchBrowser({ viewport: { width: 1280, height: 800 } })
try {
  const page = await browser.context.newPage()
  await page.goto(`${server.baseUrl}${route}`)
  if (route === '/') {
    await page
      .getByRole('status')
      .filter({ hasText: 'the database is reachable' })
      .waitFor({ timeout: 15_000 })
  }
  // Let entrance transitions and fonts settle.
  await page.waitForTimeout(300)
  await page.screenshot({ path: output })
  console.log(`saved ${path.relative(root, output)}`)
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
