import type { ApplicationStatus } from '#core/applications/status.ts'
import {
  statusLabel,
  statusTone,
  type StatusAudience,
  type StatusTone,
} from '#core/applications/status-wording.ts'

/** Badge colours per tone; every pair is at least 7:1 (text on its background). */
const TONE_CLASSES: Record<StatusTone, string> = {
  pending: 'bg-brand-50 text-brand-950 ring-brand-200',
  waiting: 'bg-sky-50 text-sky-950 ring-sky-200',
  action: 'bg-amber-100 text-amber-950 ring-amber-300',
  positive: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  ended: 'bg-slate-100 text-slate-800 ring-slate-300',
}

const SIZES = {
  sm: 'px-2 py-0.5 text-xs',
  md: 'px-2.5 py-0.5 text-sm',
} as const

export interface StatusBadgeProps {
  status: ApplicationStatus
  /** The applicant reading about their own application, or the committee. */
  audience: StatusAudience
  /** The application's type, read before the status: "Singer · Applied". */
  typeLabel?: string
  size?: keyof typeof SIZES
  /** How many applications have this status: "3 submitted" (staff counts). */
  count?: number
  /**
   * Say "Status:" to screen readers before the words (default). Off where a column header or a
   * label already says so.
   */
  announce?: boolean
  className?: string
}

/**
 * An application's status as a badge, in the words of its reader (core/applications/status-wording.ts)
 * and the colour of its tone. The code itself is never shown; it is on `data-status` for tests.
 */
export function StatusBadge({
  status,
  audience,
  typeLabel,
  count,
  size = 'md',
  announce = true,
  className = '',
}: StatusBadgeProps) {
  return (
    <span
      data-status={status}
      className={`inline-flex max-w-full flex-wrap items-center gap-x-1 rounded-full font-semibold ring-1 ring-inset ${SIZES[size]} ${TONE_CLASSES[statusTone(status)]} ${className}`}
    >
      {typeLabel ? (
        <>
          <span className="font-normal">{typeLabel}</span>
          <span aria-hidden="true">·</span>
          {announce ? <span className="sr-only">status:</span> : null}
        </>
      ) : announce && count === undefined ? (
        <span className="sr-only">Status:</span>
      ) : null}
      <span>
        {count === undefined
          ? statusLabel(status, audience)
          : `${count} ${statusLabel(status, audience).toLocaleLowerCase('en-GB')}`}
      </span>
    </span>
  )
}
