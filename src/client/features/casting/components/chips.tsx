import { useId, type ReactNode } from 'react'

/** A toggle button of a filter: pressed when its value is in the filter. */
export function Chip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${pressed ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-brand-50'}`}
    >
      {children}
    </button>
  )
}

/** A labelled group of chips. */
export function ChipGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={id} className="min-w-0">
      <p id={id} className="text-sm font-semibold text-slate-900">
        {label}
      </p>
      <div className="mt-1.5 flex flex-wrap gap-2">{children}</div>
    </div>
  )
}
