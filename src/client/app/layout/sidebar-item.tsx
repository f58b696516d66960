import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** The look of a sidebar item: current, or not; with its label, or only its icon (collapsed). */
export const itemClasses = (current: boolean, collapsed: boolean) =>
  [
    'flex items-center gap-3 rounded-lg py-2 text-sm font-medium transition-colors',
    collapsed ? 'justify-center px-2' : 'px-3',
    current
      ? 'bg-brand-100 text-brand-950 shadow-[inset_3px_0_0_var(--color-brand-700)]'
      : 'text-slate-700 hover:bg-brand-50 hover:text-brand-900',
  ].join(' ')

/** A navigation link of the sidebar with its icon; its label is for screen readers when collapsed. */
export function SidebarLink({
  to,
  label,
  icon: Icon,
  current,
  collapsed,
  onNavigate,
}: {
  to: string
  label: string
  icon: LucideIcon
  current: 'page' | 'true' | undefined
  collapsed: boolean
  onNavigate?: () => void
}) {
  return (
    <li>
      <Link
        to={to}
        aria-current={current}
        title={collapsed ? label : undefined}
        onClick={onNavigate}
        className={itemClasses(current !== undefined, collapsed)}
      >
        <Icon
          aria-hidden="true"
          className={`size-5 shrink-0 ${current ? 'text-brand-700' : 'text-slate-500'}`}
        />
        <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
      </Link>
    </li>
  )
}

/** A section's heading (a rule when collapsed, the heading still read). */
export function SectionTitle({
  id,
  collapsed,
  children,
}: {
  id: string
  collapsed: boolean
  children: ReactNode
}) {
  return (
    <>
      {collapsed ? <hr aria-hidden="true" className="mx-2 mb-2 border-brand-100" /> : null}
      <h2
        id={id}
        className={
          collapsed ? 'sr-only' : 'mb-1 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase'
        }
      >
        {children}
      </h2>
    </>
  )
}
