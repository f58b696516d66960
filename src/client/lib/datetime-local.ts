import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'

// `<input type="datetime-local">` holds a wall-clock time without a zone; the API speaks ISO instants
// in UTC. Staff mean the society's time (SOCIETY_TIME_ZONE, from /api/auth-config), not their
// browser's: a committee member abroad must still enter "19:30" for a 19:30 concert in London.

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/** An ISO instant as a datetime-local value ("2026-03-14T19:00") on the clocks of `timeZone`. */
export function toDateTimeLocal(value: string | Date | null | undefined, timeZone: string): string {
  if (!value) return ''
  const at = new Date(value)
  if (Number.isNaN(at.getTime())) return ''
  return format(new TZDate(at, timeZone), "yyyy-MM-dd'T'HH:mm")
}

/**
 * A datetime-local value read on the clocks of `timeZone`, as an ISO instant; null when empty or
 * unreadable. NOTE: a time skipped when the clocks go forward (01:30 on the last Sunday of March in
 * London) moves an hour on, and a time that happens twice when they go back means the second.
 */
export function fromDateTimeLocal(value: string, timeZone: string): string | null {
  const m = LOCAL_PATTERN.exec(value)
  if (!m) return null
  const [year, month, day, hours, minutes, seconds] = m.slice(1).map((n) => Number(n ?? 0)) as number[]
  if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hours! > 23 || minutes! > 59) return null
  const at = new TZDate(year!, month! - 1, day!, hours!, minutes!, seconds ?? 0, timeZone)
  if (Number.isNaN(at.getTime()) || at.getDate() !== day) return null
  return new Date(at.getTime()).toISOString()
}
