#!/usr/bin/env node
// `npm run test:e2e`: find (or install) Chromium, build the client when needed, then run the e2e
// vitest project. Extra arguments go to vitest, e.g. `npm run test:e2e -- e2e/platform`.
// The client is rebuilt when dist/client is missing or older than any client source, so the e2e
// tests never run against yesterday's bundle, or when it is a production build without the e2e
// test hooks; E2E_BUILD=1 rebuilds in any case.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from './find-chromium.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const started = Date.now()
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env })
  if (result.error) throw result.error
  return result.status ?? 1
}

/** Newest modification time under the client's sources, to spot a stale build. */
function newestSourceMtime() {
  let newest = 0
  const visit = (entry) => {
    const stat = statSync(entry)
    if (stat.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child))
    else newest = Math.max(newest, stat.mtimeMs)
  }
  for (const entry of ['src/client', 'src/core', 'index.html', 'vite.config.ts']) {
    const full = path.join(root, entry)
    if (existsSync(full)) visit(full)
  }
  return newest
}

let chromiumPath
try {
  chromiumPath = ensureChromium()
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}

// The e2e build carries the test hooks (VITE_E2E_HOOKS=1, e.g. lib/test-render-failure.ts) that a
// production build leaves out; the stamp says dist/client is such a build (vite empties the folder,
// so a later production build removes it and the next e2e run builds again).
const builtIndex = path.join(root, 'dist/client/index.html')
const e2eStamp = path.join(root, 'dist/client/e2e-build.txt')
const buildReason =
  process.env.E2E_BUILD === '1'
    ? 'E2E_BUILD=1'
    : !existsSync(builtIndex)
      ? 'dist/client is missing'
      : !existsSync(e2eStamp)
        ? 'dist/client is a build without the e2e test hooks'
        : newestSourceMtime() > statSync(builtIndex).mtimeMs
          ? 'dist/client is older than the client sources'
          : null
if (buildReason) {
  const buildStarted = Date.now()
  console.log(`Building the client with the e2e test hooks (npm run build): ${buildReason}…`)
  const status = run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
    ...process.env,
    VITE_E2E_HOOKS: '1',
  })
  if (status !== 0) process.exit(status)
  writeFileSync(e2eStamp, `Built by scripts/e2e.mjs with VITE_E2E_HOOKS=1 at ${new Date().toISOString()}\n`)
  console.log(`Client built in ${seconds(buildStarted)}`)
}

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs')
const status = run(process.execPath, [vitest, 'run', '--project', 'e2e', ...process.argv.slice(2)], {
  ...process.env,
  CHROMIUM_PATH: chromiumPath,
})
console.log(`e2e finished in ${seconds(started)} (exit ${status})`)
process.exit(status)
