import type { ReactNode } from 'react'
import { ButtonLink } from './button-link.tsx'
import { panelClass } from './panel.tsx'

/** An empty page or panel: what is missing, what to do about it, and a link to do it. */
export function EmptyState({
  title,
  children,
  action,
  className = '',
}: {
  title: string
  children?: ReactNode
  action?: { label: string; to: string }
  className?: string
}) {
  return (
    <div className={`${panelClass()} text-center ${className}`}>
      <p className="font-semibold text-brand-950">{title}</p>
      {children ? <div className="mt-1 text-sm text-slate-700">{children}</div> : null}
      {action ? (
        <ButtonLink to={action.to} className="mt-4">
          {action.label}
        </ButtonLink>
      ) : null}
    </div>
  )
}
