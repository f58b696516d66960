import { Wrench } from 'lucide-react'
import { useQuery } from 'urql'
import { ADMIN_COMMAND } from '#core/society/getting-started.ts'
import { SetupPendingQuery } from './first-run.queries.ts'

/**
 * On a fresh install (nobody is society admin yet): says setup is pending and how to finish it.
 * Nothing at all once a society admin exists, or while the answer is on its way.
 */
export function SetupPendingNotice({ className = '' }: { className?: string }) {
  const [{ data }] = useQuery({ query: SetupPendingQuery, requestPolicy: 'cache-and-network' })
  if (!data?.setupPending) return null
  return (
    <section
      aria-labelledby="setup-pending-title"
      className={`rounded-xl border border-amber-300 bg-amber-50 p-4 text-left text-sm text-amber-950 ${className}`}
    >
      <h2 id="setup-pending-title" className="flex items-center gap-2 text-base font-bold">
        <Wrench aria-hidden="true" className="size-4 shrink-0 text-amber-800" />
        Setup pending
      </h2>
      <p className="mt-2">
        Nobody looks after this app yet. Whoever installed it finishes setting it up in one of two ways:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          open the one-time setup link printed in the server log (it ends in <code>/setup?token=…</code> and
          works for an hour; restarting the server prints a new one), or
        </li>
        <li>
          run <code className="break-all">{ADMIN_COMMAND}</code> on the server, with their own email.
        </li>
      </ul>
    </section>
  )
}
