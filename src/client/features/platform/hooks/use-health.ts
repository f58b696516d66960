import { useEffect, useState } from 'react'

export type Health =
  | { state: 'checking' }
  | { state: 'ok'; engine: string }
  | { state: 'database-unreachable' }
  | { state: 'unreachable' }

interface HealthBody {
  status?: unknown
  database?: { reachable?: unknown; engine?: unknown }
}

/** Read a `GET /api/health` answer (200 when the database answers, 503 when it does not). */
export function healthFrom(status: number, body: unknown): Health {
  const parsed = (typeof body === 'object' && body !== null ? body : {}) as HealthBody
  if (status === 200 && parsed.database?.reachable === true) {
    return {
      state: 'ok',
      engine: typeof parsed.database.engine === 'string' ? parsed.database.engine : 'unknown',
    }
  }
  if (parsed.database?.reachable === false) return { state: 'database-unreachable' }
  return { state: 'unreachable' }
}

/** The server's health, checked once when the component mounts. */
export function useHealth(): Health {
  const [health, setHealth] = useState<Health>({ state: 'checking' })
  useEffect(() => {
    const abort = new AbortController()
    fetch('/api/health', { signal: abort.signal, headers: { accept: 'application/json' } })
      .then(async (response) =>
        setHealth(healthFrom(response.status, await response.json().catch(() => null))),
      )
      .catch(() => {
        if (!abort.signal.aborted) setHealth({ state: 'unreachable' })
      })
    return () => abort.abort()
  }, [])
  return health
}
