// `npm run bench -- reliability` (issue 17): how fast the fragment document of finding 1 is refused,
// what the session-revocation check costs on the hot path, and how far apart the magic-link answers
// for existing and unknown accounts are.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createAccount } from '#server/auth/accounts.service.ts'
import { loadConfig } from '#server/config/env.ts'
import { migrateDb, openDb } from '#server/db/client.ts'
import { createServices } from '#server/services.ts'
import { startServerProcess } from '#server/testing/processes.ts'

type Record = (name: string, value: string) => void

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const fmt = (xs: number[]) => `median ${median(xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`

function fragmentBomb(levels: number): string {
  const parts = [`query Bomb { ...F${levels} }`, 'fragment F0 on Query { currentUser { id } }']
  for (let i = 1; i <= levels; i++) parts.push(`fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`)
  return parts.join('\n')
}

export async function reliabilityBench(record: Record): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-'))
  const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_MODE: 'false' })
  try {
    const post = async (body: object, url = '/api/graphql') => {
      const t = performance.now()
      const res = await fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify(body),
      })
      await res.text()
      return { ms: performance.now() - t, status: res.status }
    }
    const bomb = { query: fragmentBomb(22) }
    await post(bomb)
    const times: number[] = []
    for (let i = 0; i < 20; i++) {
      const r = await post(bomb)
      if (r.status !== 400) throw new Error(`fragment document answered ${r.status}`)
      times.push(r.ms)
    }
    record('22-level fragment document refused (HTTP round trip, 20 runs)', fmt(times))
    const health: number[] = []
    for (let i = 0; i < 20; i++) {
      const t = performance.now()
      await (await fetch(`${server.url}/api/health`)).text()
      health.push(performance.now() - t)
    }
    record('GET /api/health after it', fmt(health))
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }

  const handle = await openDb({ dataDir: 'memory://' })
  await migrateDb(handle)
  const dir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-'))
  const built = await createServices(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_MODE: 'false' }),
    { dbHandle: handle, skipMigrations: true },
  )
  try {
    const { auth, db, sessions, viewers } = built.services
    const email = 'bench@stagedoor.test'
    await createAccount(
      { auth, db },
      { email, name: 'Bench', password: 'a-long-bench-password-1', roles: [] },
    )
    const signIn = await auth.api.signInEmail({
      body: { email, password: 'a-long-bench-password-1' },
      returnHeaders: true,
    })
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const { token } = await auth.api.getToken({ headers: new Headers({ cookie }) })
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string
    const userId = signIn.response.user.id
    await sessions.isLive(sid, userId)
    const n = 10_000
    let t = performance.now()
    for (let i = 0; i < n; i++) await sessions.isLive(sid, userId)
    record(
      'session-revocation check, cached (per call)',
      `${(((performance.now() - t) / n) * 1000).toFixed(2)} µs`,
    )
    t = performance.now()
    for (let i = 0; i < 200; i++) await viewers.fromToken(token)
    record(
      'whole access-token check (verify + session + user, embedded)',
      `${((performance.now() - t) / 200).toFixed(2)} ms`,
    )
  } finally {
    await built.close()
    await handle.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
