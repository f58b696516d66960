import { LoaderCircle } from 'lucide-react'

/** A spinning indicator that screen readers announce by its label. */
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className={`inline-flex items-center gap-3 text-slate-700 ${className}`}
    >
      <LoaderCircle aria-hidden="true" className="size-6 shrink-0 animate-spin text-brand-700" />
      <span className="text-sm">{label}</span>
    </div>
  )
}

/**
 * A page-sized spinner. NOTE: it fades in after a moment, so a quick answer shows no flash of it;
 * assistive technology gets the status at once.
 */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center px-6 py-16">
      <Spinner label={label} className="delayed-appear" />
    </div>
  )
}
