import type { PageLoadingPhase } from '#client/lib/page-loading.ts'
import { Spinner } from './spinner.tsx'

/**
 * What a loading page shows in each phase: nothing visible in PRE_SHOW (a busy region for assistive
 * technology), a spinner in SHOW_LOADING. DONE renders nothing: the page shows its content instead.
 */
export function PageLoadingIndicator({ phase, label }: { phase: PageLoadingPhase; label: string }) {
  if (phase === 'DONE') return null
  return (
    <div
      aria-busy="true"
      data-loading-phase={phase}
      className="flex min-h-[40vh] items-center justify-center px-6 py-16"
    >
      {phase === 'SHOW_LOADING' ? <Spinner label={label} /> : <span className="sr-only">{label}</span>}
    </div>
  )
}
