// The embedded database belongs to the one server process that opened it, so while it runs,
// `npm run backup` asks that process to write the archive, through a Unix socket in DATA_DIR.
// Whoever may open the socket may read DATA_DIR anyway: the file system's permissions are the
// authorisation.
import { createConnection, createServer, type Server } from 'node:net'
import { chmodSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { DbHandle } from '#server/db/client.ts'
import { createBackup, type BackupManifest } from './backup.ts'
import type { SecretsConfig } from './secrets.ts'

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'backup.sock')
}

interface Request {
  out: string
  logical?: boolean
}
type Answer = { ok: true; manifest: BackupManifest } | { ok: false; error: string }

/**
 * Listen for backup requests (embedded database only). Returns a function that stops listening.
 * Backups take turns (each holds the database snapshot in memory while it is written), and whatever
 * goes wrong with one is its answer: nothing here may end the server's process.
 */
export async function listenForBackups(options: {
  dataDir: string
  handle: DbHandle
  uploadsDir: string | null
  secrets: SecretsConfig
}): Promise<() => void> {
  let queue: Promise<unknown> = Promise.resolve()
  const oneAtATime = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job)
    queue = run.catch(() => undefined)
    return run
  }
  const file = backupSocketPath(options.dataDir)
  // A socket file left by a killed server: nobody listens on it any more.
  rmSync(file, { force: true })
  const server: Server = createServer((socket) => {
    let text = ''
    socket.on('data', (chunk) => {
      text += chunk.toString()
      if (!text.includes('\n')) return
      socket.removeAllListeners('data')
      void (async () => {
        let answer: Answer
        try {
          const request = JSON.parse(text) as Request
          if (typeof request.out !== 'string' || !path.isAbsolute(request.out))
            throw new Error('Name the archive by an absolute path.')
          const manifest = await oneAtATime(() =>
            createBackup({
              handle: options.handle,
              uploadsDir: options.uploadsDir,
              secrets: options.secrets,
              out: request.out,
              logical: request.logical === true,
            }),
          )
          answer = { ok: true, manifest }
        } catch (error) {
          answer = { ok: false, error: (error as Error).message }
        }
        if (!socket.destroyed) socket.end(JSON.stringify(answer) + '\n')
      })()
    })
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(file, () => resolve())
  })
  // Only the server's own user may connect (connecting needs write permission on the socket).
  chmodSync(file, 0o600)
  return () => {
    server.close()
    rmSync(file, { force: true })
  }
}

/**
 * Ask the server running on `dataDir` to write a backup. Resolves to null when no server answers
 * (none is running: the caller may open the database itself).
 */
export function requestBackup(dataDir: string, request: Request): Promise<BackupManifest | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(backupSocketPath(dataDir))
    let text = ''
    let connected = false
    socket.on('connect', () => {
      connected = true
      socket.write(JSON.stringify(request) + '\n')
    })
    socket.on('data', (chunk) => (text += chunk.toString()))
    socket.on('end', () => {
      try {
        const answer = JSON.parse(text) as Answer
        if (answer.ok) resolve(answer.manifest)
        else reject(new Error(answer.error))
      } catch {
        reject(new Error('The server ended the backup without an answer.'))
      }
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null)
      else reject(error)
    })
  })
}

/** Whether a server is running on the embedded database in `dataDir`. */
export function serverRunning(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(backupSocketPath(dataDir))
    socket.on('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })
}
