// The first-load JavaScript of a route: the entry chunk and every chunk it imports statically, the
// app's module (src/client/app/start.tsx, which the entry imports once the page has painted and
// index.html preloads) with its static imports, plus, when the route's page is a lazily loaded
// chunk, that chunk and its static imports. Read from the
// client build's manifest (dist/client/.vite/manifest.json; vite.config.ts turns it on), measured
// gzipped. `node scripts/first-load-size.mjs` prints the figures; the e2e spec enforces the budget.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The pages each measured route renders on its first paint (sources as the manifest names them). */
export const firstLoadRoutes = {
  '/': [
    'src/client/features/events/components/member-home-page.tsx',
    'src/client/features/platform/components/home-page.tsx',
  ],
  '/events': ['src/client/features/events/components/member-home-page.tsx'],
  '/login': ['src/client/features/auth/components/login-page.tsx'],
}

export function readManifest(clientDir = path.join(root, 'dist/client')) {
  const file = path.join(clientDir, '.vite/manifest.json')
  if (!existsSync(file)) throw new Error(`${file} is missing: build the client (npm run build) first.`)
  return JSON.parse(readFileSync(file, 'utf8'))
}

/** The app's module: imported by the entry (main.tsx) after the first paint, preloaded with the page. */
export const APP_MODULE = 'src/client/app/start.tsx'

/** Chunk keys reached from `keys` through static imports. */
function staticClosure(manifest, keys) {
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const child of manifest[key].imports ?? []) visit(child)
  }
  keys.forEach(visit)
  return seen
}

/** Gzip size in bytes of the JavaScript a first visit to `route` downloads. */
export function firstLoadOf(
  route,
  { clientDir = path.join(root, 'dist/client'), manifest = readManifest(clientDir) } = {},
) {
  const pages = firstLoadRoutes[route]
  if (!pages) throw new Error(`No first-load definition for ${route}`)
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry)
  if (entries.length === 0) throw new Error('The manifest names no entry chunk.')
  // A page that is its own (lazy) chunk is a manifest key; one bundled into a static chunk is not.
  const chunks = staticClosure(manifest, [
    ...entries,
    ...[APP_MODULE, ...pages].filter((key) => manifest[key]),
  ])
  const files = [...chunks].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'))
  let gzip = 0
  let raw = 0
  for (const file of files) {
    const bytes = readFileSync(path.join(clientDir, file))
    raw += bytes.length
    gzip += gzipSync(bytes, { level: 9 }).length
  }
  return { route, files, raw, gzip }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = readManifest()
  for (const route of Object.keys(firstLoadRoutes)) {
    const { raw, gzip, files } = firstLoadOf(route, { manifest })
    console.log(
      `${route.padEnd(8)} ${(gzip / 1000).toFixed(1)} kB gzip, ${(raw / 1000).toFixed(1)} kB raw, ${files.length} chunks`,
    )
  }
}
