import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { freePort } from './smtp.ts'

export interface ServerProcess {
  url: string
  port: number
  child: ChildProcess
  output(): string
  /** SIGTERM and wait for exit. */
  stop(): Promise<number | null>
  /** SIGKILL: no shutdown hooks run. */
  kill(): Promise<void>
}

const ROOT = path.resolve(import.meta.dirname, '../../..')

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

/** Compile the server into dist/server (scripts/build-server.mjs, about a second). */
export function buildServer(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' })
}

/** Run a TypeScript entry point of this repo in a child process. */
export function spawnTs(
  entry: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  return spawnNode(['--import', 'tsx', entry], env)
}

/**
 * The production command (`npm start` runs it after building): the compiled server,
 * dist/server/main.js, with its memory settings (decision 0027). The integration and e2e global
 * setups build the server once per run (`buildServer`), so it is never older than the sources. The
 * shell `exec`s node, so the child's pid and signals are the server's.
 */
export const SERVER_COMMAND = ['sh', ['scripts/server.sh']] as const

/** Run the compiled server in a child process, as `npm start` does. */
export function spawnServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  return spawnWith(SERVER_COMMAND[0], [...SERVER_COMMAND[1]], env)
}

function spawnNode(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  return spawnWith(process.execPath, args, env)
}

function spawnWith(
  command: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  let output = ''
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  return { child, output: () => output }
}

/** Start the compiled server on a free port and wait for /api/health to answer 200. */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  // A caller may fix the port (and APP_URL with it), e.g. to restart a server on the same address.
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const url = `http://127.0.0.1:${port}`
  const { child, output } = spawnServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    ...env,
  })
  const deadline = Date.now() + timeoutMs
  let last = 'no answer yet'
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`)
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) })
      if (res.status === 200) break
      last = `HTTP ${res.status} ${await res.text()}`
    } catch (error) {
      // not listening yet
      last = String((error as Error).cause ?? (error as Error).message)
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not become healthy within ${timeoutMs} ms (last: ${last}):\n${output()}`)
    }
    // Every 20 ms: the bench times start-ups with this (a 100 ms step added up to 0.1 s to each).
    await new Promise((r) => setTimeout(r, 20))
  }
  return {
    url,
    port,
    child,
    output,
    async stop() {
      child.kill('SIGTERM')
      return exited(child)
    },
    async kill() {
      child.kill('SIGKILL')
      await exited(child)
    },
  }
}

/** Wait for a line matching `pattern` on a child's output. */
export async function waitForOutput(
  output: () => string,
  pattern: RegExp,
  timeoutMs = 90_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const match = pattern.exec(output())
    if (match) return match
    if (Date.now() > deadline)
      throw new Error(`no output matching ${pattern} within ${timeoutMs} ms:\n${output()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
