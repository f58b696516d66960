import { performance } from 'node:perf_hooks'

/**
 * How long each part of this process's start took, in milliseconds, for the line the server logs
 * once it listens (main.ts) and for `npm run bench -- newcomer-start` (issue 32): opening the
 * database, migrations, the demo society, listening. A part that runs again (tests build many apps
 * in one process) keeps its last time.
 */
const phases: { [name: string]: number } = {}

/** Run `work`, noting how long it took under `name`. */
export async function timedPhase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    return await work()
  } finally {
    phases[name] = Math.round(performance.now() - started)
  }
}

/** The parts timed so far, and the time since the process started (Node's own start included). */
export function startupPhases(): { [name: string]: number } {
  return { ...phases, sinceProcessStart: Math.round(performance.now()) }
}
