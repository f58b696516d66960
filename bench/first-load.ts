// First-load JavaScript of the client (issue 16): what a browser fetches before the first paint of
// `/`, `/events` or `/login` — the entry script and every chunk index.html preloads (all three pages
// are in the eager part of the router, so they share it). Needs `npm run build` first.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { CLIENT_DIST } from '#server/app.ts'

type Record_ = (name: string, value: string) => void

export function firstLoadBytes(dist = CLIENT_DIST): { raw: number; gzip: number; files: string[] } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
  const files = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]!)
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file.replace(/^\//, '')))
    raw += bytes.length
    gzip += gzipSync(bytes, { level: 9 }).length
  }
  return { raw, gzip, files }
}

export async function firstLoad(record: Record_) {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    record('first-load JS of /, /events, /login', 'skipped: run `npm run build` first')
    return
  }
  const { raw, gzip, files } = firstLoadBytes()
  record(
    'first-load JS of /, /events, /login (entry + preloaded chunks)',
    `${Math.round(raw / 1024)} kB (${Math.round(gzip / 1024)} kB gzip) in ${files.length} files; budget 100 kB gzip`,
  )
}
