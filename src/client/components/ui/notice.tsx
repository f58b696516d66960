import { CircleCheck, Info } from 'lucide-react'
import type { ReactNode } from 'react'

/** A polite, non-error message: "We sent you a link", "You have signed out". */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'success'; children: ReactNode }) {
  const Icon = tone === 'success' ? CircleCheck : Info
  return (
    <div
      role="status"
      className={`mb-6 flex items-start gap-2 rounded-xl border p-4 text-sm ${tone === 'success' ? 'border-emerald-300 bg-emerald-50 text-emerald-950' : 'border-brand-200 bg-brand-50 text-brand-950'}`}
    >
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-4 shrink-0 ${tone === 'success' ? 'text-emerald-700' : 'text-brand-700'}`}
      />
      <div className="min-w-0">{children}</div>
    </div>
  )
}
