import {
  closeSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'

/**
 * Durable commits for the embedded database (decision 0026).
 *
 * PGlite starts PostgreSQL with `-F` (fsync off), and its Node file system (Emscripten's NODEFS)
 * has no `fsync` at all: PostgreSQL's fsync() reaches a no-op, fdatasync() too. A commit is written
 * to the operating system before the reply, never forced to the disk.
 *
 * Durable mode gives NODEFS the missing `fsync` (a real `fsync(2)` on the file's descriptor) and starts
 * PostgreSQL without `-F`, with `wal_sync_method=fsync` (fdatasync stays a no-op in PGlite's libc).
 * PostgreSQL then does what it does on any server: the commit record's WAL is flushed before the
 * commit returns, data files are flushed at each checkpoint before old WAL is recycled, pg_control
 * is flushed. The flush runs inside the engine's call, so it blocks the process for one disk flush
 * per commit; PGlite runs one transaction at a time, so commits cannot share a flush.
 */

/** How often the whole tree was flushed (`flushTree`): tests read it. */
export const walked = { count: 0 }

/** How often `fsync(2)` ran, per kind of file: tests read it to see that a commit reached the disk. */
export const durableFlushes = { wal: 0, other: 0 }

/** The Emscripten NODEFS stream operations of a PGlite module (untyped by PGlite), if it has them. */
function nodeFsStreamOps(mod: object): object | undefined {
  if (!('NODEFS' in mod) || typeof mod.NODEFS !== 'object' || mod.NODEFS === null) return undefined
  if (!('stream_ops' in mod.NODEFS)) return undefined
  const ops = mod.NODEFS.stream_ops
  return typeof ops === 'object' && ops !== null ? ops : undefined
}

class FlushingNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts)
    const preRun = result.emscriptenOpts.preRun ?? []
    preRun.push((mod) => {
      const streamOps = nodeFsStreamOps(mod)
      if (!streamOps)
        throw new Error('PGlite no longer exposes NODEFS.stream_ops: commits cannot be made durable')
      Object.assign(streamOps, {
        fsync: (stream: { nfd?: number; path?: string }) => {
          if (stream.nfd === undefined) return 0
          fsyncSync(stream.nfd)
          if (stream.path?.includes('/pg_wal/')) durableFlushes.wal++
          else durableFlushes.other++
          return 0
        },
      })
    })
    result.emscriptenOpts.preRun = preRun
    return result
  }
}

/** PGlite's own start parameters without `-F`, and a WAL flush method that reaches the disk. */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'wal_sync_method=fsync',
    '-c',
    'synchronous_commit=on',
  ]
}

/**
 * Flush every file and directory under `dir` once. Files written while the engine ran without
 * flushes (the first start's initdb, a run before durable commits were turned on) are on the disk
 * from here on.
 */
export function flushTree(dir: string): number {
  walked.count++
  let count = 0
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile()) {
        const fd = openSync(full, 'r+')
        try {
          fsyncSync(fd)
        } finally {
          closeSync(fd)
        }
        count++
      }
    }
    const fd = openSync(current, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }
  walk(dir)
  return count
}

/**
 * Beside the data directory (never inside it, so no backup carries it): says that every file of
 * this very directory (its identity: the inodes of the directory and of PG_VERSION) has been
 * flushed and that it has been opened durably ever since. A non-durable open removes it.
 */
export function flushedMarker(dataDir: string): string {
  return path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.flushed`)
}

function identity(dataDir: string): string {
  return `${statSync(dataDir).ino}:${statSync(path.join(dataDir, 'PG_VERSION')).ino}\n`
}

function flushedBefore(dataDir: string): boolean {
  try {
    return readFileSync(flushedMarker(dataDir), 'utf8') === identity(dataDir)
  } catch {
    return false
  }
}

/** The next open is not durable: its writes are not flushed, so a later durable open flushes again. */
export function forgetFlushed(dataDir: string): void {
  rmSync(flushedMarker(dataDir), { force: true })
}

/**
 * Open PGlite on `dataDir` with durable commits (and `startParams` on top of the durable ones). The
 * whole tree is flushed once, the first time this directory is opened durably (initdb, a restore, a
 * run before durable commits); after that every write was flushed when it was made, and a restart
 * skips the walk (about half a second of a restart; decision 0027).
 */
export async function openDurablePglite(dataDir: string, startParams: string[] = []): Promise<PGlite> {
  const pglite = await PGlite.create({
    fs: new FlushingNodeFS(dataDir),
    startParams: [...durableStartParams(), ...startParams],
  })
  if (!flushedBefore(dataDir)) {
    flushTree(dataDir)
    const marker = flushedMarker(dataDir)
    writeFileSync(marker, identity(dataDir))
    const fd = openSync(marker, 'r+')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }
  return pglite
}
