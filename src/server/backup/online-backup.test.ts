import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '#server/testing/processes.ts'
import { makeServerData, signInOverHttp, type ServerData } from '#server/testing/server-fixture.ts'
import { requestBackup } from './backup-socket.ts'
import { readManifest } from './restore.ts'

// Issue 26, finding 13: one of 12 online backups of an embedded install failed with "The server
// ended the backup without an answer" and the server stopped answering. The cause: the archive was
// opened as a stream whose failure (here: the name of a file that exists) was a promise nobody
// awaited yet, and Node ends a process on an unhandled rejection, so the server died. Here the real
// server takes backups right after (and while) members write, one of them to a name that exists.

const onPostgres = Boolean(process.env.DATABASE_URL)
const BACKUPS = 12

const work = mkdtempSync(path.join(tmpdir(), 'stagedoor-online-backups-'))
let data: ServerData
let server: ServerProcess
let token: string

beforeAll(async () => {
  if (onPostgres) return
  data = await makeServerData('online-backup')
  server = await startServerProcess(data.env)
  token = (await signInOverHttp(server.url, data.member)).token!
  expect(token).toBeTruthy()
})
afterAll(async () => {
  await server?.stop()
  await data?.dispose()
  rmSync(work, { recursive: true, force: true })
})

async function writePhoto(shade: number): Promise<number> {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: shade, g: 80, b: 200 } },
  })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png')
  const res = await fetch(`${server.url}/api/profile/photo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  return res.status
}

async function health(): Promise<number> {
  return (await fetch(`${server.url}/api/health`)).status
}

describe.skipIf(onPostgres)('online backups of the embedded database (the compiled server)', () => {
  it(
    'every one succeeds right after and during writes, a bad name is answered, and the server keeps answering',
    { timeout: 600_000 },
    async () => {
      const dataDir = data.env.DATA_DIR!
      const existing = path.join(work, 'exists.tar.gz')
      writeFileSync(existing, 'not a backup')
      for (let i = 0; i < BACKUPS; i++) {
        // A write acknowledged just before, and another under way while the backup runs: a profile
        // photo replaces the last one, so the database and the uploads folder both change.
        expect(await writePhoto(i * 20)).toBe(201)
        const out = path.join(work, `backup-${i}.tar.gz`)
        const [manifest, during] = await Promise.all([
          requestBackup(dataDir, { out }),
          writePhoto(i * 20 + 10),
        ])
        expect(during).toBe(201)
        expect(manifest).toMatchObject({ engine: 'pglite', database: 'pglite-datadir' })
        expect(await readManifest(out)).toEqual(manifest)
        expect(await health()).toBe(200)
        if (i === BACKUPS / 2) {
          await expect(requestBackup(dataDir, { out: existing })).rejects.toThrow(/already exists/)
          expect(await health()).toBe(200)
        }
      }
      const me = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: '{ myProfile { photoUrl } }' }),
      })
      expect(
        ((await me.json()) as { data: { myProfile: { photoUrl: string } } }).data.myProfile.photoUrl,
      ).toMatch(/\.webp\?/)
      expect(server.child.exitCode).toBeNull()
    },
  )
})
