import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { executeRows, openDb } from './client.ts'
import { durableFlushes, flushedMarker, walked } from './durable-fs.ts'

const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stagedoor-durable-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const settings = async (handle: Awaited<ReturnType<typeof openDb>>) =>
  (
    await executeRows<{ fsync: string; method: string }>(
      handle.db,
      sql`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`,
    )
  )[0]

describe('durable commits on the embedded database', { timeout: 120_000 }, () => {
  it('flushes the WAL to the disk before each commit returns, and the data reopens', async () => {
    const dir = freshDir()
    const handle = await openDb({ dataDir: dir, durableCommits: true })
    expect(handle.kind === 'pglite' && handle.durableCommits).toBe(true)
    expect(await settings(handle)).toEqual({ fsync: 'on', method: 'fsync' })
    await handle.db.execute(sql`create table durable_probe (id int primary key)`)
    for (let i = 1; i <= 5; i++) {
      const before = durableFlushes.wal
      await handle.db.transaction((tx) => tx.execute(sql`insert into durable_probe values (${i})`))
      // The commit's WAL reached fsync(2) before the transaction returned.
      expect(durableFlushes.wal).toBeGreaterThan(before)
    }
    // A checkpoint flushes the data files too before old WAL can be recycled.
    const other = durableFlushes.other
    await handle.db.execute(sql`checkpoint`)
    expect(durableFlushes.other).toBeGreaterThan(other)
    await handle.close()

    const reopened = await openDb({ dataDir: dir, durableCommits: true })
    const rows = await executeRows<{ n: number }>(
      reopened.db,
      sql`select count(*)::int as n from durable_probe`,
    )
    expect(rows[0]!.n).toBe(5)
    await reopened.close()
  })

  it('a data directory written without flushes opens durable, and back', async () => {
    const dir = freshDir()
    const plain = await openDb({ dataDir: dir })
    expect(await settings(plain)).toMatchObject({ fsync: 'off' })
    await plain.db.execute(sql`create table durable_probe (id int primary key)`)
    await plain.db.execute(sql`insert into durable_probe values (1)`)
    await plain.close()
    const durable = await openDb({ dataDir: dir, durableCommits: true })
    expect(await settings(durable)).toMatchObject({ fsync: 'on' })
    const before = durableFlushes.wal
    await durable.db.execute(sql`insert into durable_probe values (2)`)
    expect(durableFlushes.wal).toBeGreaterThan(before)
    await durable.close()
    const again = await openDb({ dataDir: dir })
    const rows = await executeRows<{ n: number }>(again.db, sql`select count(*)::int as n from durable_probe`)
    expect(rows[0]!.n).toBe(2)
    await again.close()
  })

  it('flushes the whole directory on its first durable open only, and again after a plain one', async () => {
    const dir = freshDir()
    const flushesOf = async (durableCommits: boolean) => {
      const before = walked.count
      const handle = await openDb({ dataDir: dir, durableCommits })
      await handle.close()
      return walked.count - before
    }
    expect(await flushesOf(true)).toBeGreaterThan(0)
    expect(existsSync(flushedMarker(dir))).toBe(true)
    expect(await flushesOf(true)).toBe(0)
    expect(await flushesOf(false)).toBe(0)
    expect(existsSync(flushedMarker(dir))).toBe(false)
    expect(await flushesOf(true)).toBeGreaterThan(0)
    // Another directory in the same place (a restore) is not taken for the one that was flushed.
    rmSync(dir, { recursive: true, force: true })
    const marker = flushedMarker(dir)
    expect(existsSync(marker)).toBe(true)
    expect(await flushesOf(true)).toBeGreaterThan(0)
  })

  it('an in-memory database ignores the setting (nothing to flush)', async () => {
    const handle = await openDb({ dataDir: 'memory://', durableCommits: true })
    expect(handle.kind === 'pglite' && handle.durableCommits).toBe(false)
    await handle.close()
  })
})
