#!/usr/bin/env node
// `npm run build`: the client (dist/client), the member home's server render (dist/ssr) and the
// server (dist/server), the three at once in one process: each leaves a core idle for much of its
// time (decision 0056). `npm start` runs `node scripts/build.mjs --if-changed`: when dist/ was built
// from exactly these sources, dependencies and build settings (a content hash, kept in
// dist/build-inputs.txt), it is used as it is and nothing is built.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const STAMP = path.join(root, 'dist/build-inputs.txt')

/**
 * What the three builds read: every source, the page, the public files, the build's own code and
 * settings, and the dependencies as installed (npm rewrites node_modules/.package-lock.json on every
 * install). The generated GraphQL files are under src/ too.
 */
const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'scripts/build.mjs',
  'scripts/build-server.mjs',
  'scripts/vite-graphql-documents.ts',
  'scripts/vite-precompress.ts',
]

/** Environment variables the builds read (VITE_* reach the client; SOURCEMAP adds source maps). */
const envInputs = () =>
  Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_') || name === 'SOURCEMAP' || name === 'NODE_ENV')
    .sort(([a], [b]) => a.localeCompare(b))

/** A SHA-256 of every input file's path and bytes, the build's environment and Node's version. */
export function inputsHash() {
  const hash = createHash('sha256')
  const visit = (relative) => {
    const full = path.join(root, relative)
    if (!existsSync(full)) return
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(path.join(relative, name))
      return
    }
    hash.update(`${relative}\0`)
    hash.update(readFileSync(full))
  }
  INPUTS.forEach(visit)
  hash.update(JSON.stringify([envInputs(), process.version]))
  return hash.digest('hex')
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

/** Time one build, for the line printed at the end. */
async function timed(name, work, times) {
  const started = performance.now()
  await work()
  times[name] = performance.now() - started
}

export async function buildAll() {
  const started = performance.now()
  // NOTE: loaded here, not at the top: `--if-changed` with nothing to build loads neither.
  const [{ build }, { buildServer }] = await Promise.all([import('vite'), import('./build-server.mjs')])
  const times = {}
  const quiet = { logLevel: 'warn' }
  await Promise.all([
    timed('client', () => build({ root, ...quiet }), times),
    // As `vite build --ssr src/client/app/prerender.tsx`: vite.config.ts picks its SSR settings.
    timed(
      'member home render',
      () => build({ root, ...quiet, build: { ssr: 'src/client/app/prerender.tsx' } }),
      times,
    ),
    timed('server', () => buildServer(), times),
  ])
  const parts = Object.entries(times)
    .map(([name, ms]) => `${name} ${seconds(ms)}`)
    .join(', ')
  console.log(`Built dist/ in ${seconds(performance.now() - started)} (at once: ${parts})`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ifChanged = process.argv.includes('--if-changed')
  const hashStarted = performance.now()
  const hash = inputsHash()
  if (ifChanged && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === hash) {
    console.log(
      `dist/ is up to date with the sources (checked in ${seconds(performance.now() - hashStarted)}): not rebuilt`,
    )
  } else {
    // A build that stops half way must not be taken for a finished one.
    rmSync(STAMP, { force: true })
    await buildAll()
    writeFileSync(STAMP, `${hash}\n`)
  }
}
