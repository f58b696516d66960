import { CircleAlert } from 'lucide-react'
import { useHealth, type Health } from '../hooks/use-health.ts'

const ENGINE_NAMES: Record<string, string> = { pglite: 'embedded PGlite', postgres: 'PostgreSQL' }

function describeHealth(health: Health): { text: string; tone: 'pending' | 'good' | 'bad' } {
  switch (health.state) {
    case 'checking':
      return { text: 'Checking the service…', tone: 'pending' }
    case 'ok':
      return {
        text: `All systems go: the database is reachable (${ENGINE_NAMES[health.engine] ?? health.engine}).`,
        tone: 'good',
      }
    case 'database-unreachable':
      return { text: 'The service is up, but its database is not reachable right now.', tone: 'bad' }
    case 'unreachable':
      return { text: 'The service cannot be reached right now.', tone: 'bad' }
  }
}

/**
 * One line when the server or its database does not answer (`GET /api/health`); nothing while all is
 * well, which is no news to a visitor.
 */
export function HealthStatus() {
  const { text, tone } = describeHealth(useHealth())
  if (tone !== 'bad') return null
  return (
    <p
      role="status"
      data-health={tone}
      className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm text-slate-800 shadow-sm ring-1 ring-brand-100"
    >
      <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-red-700" />
      <span>{text}</span>
    </p>
  )
}
