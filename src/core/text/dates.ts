// Dates as people read them, once for pages and emails alike: British English, in the society's time
// zone when it is given (the runtime's otherwise).

interface Formatters {
  day: Intl.DateTimeFormat
  time: Intl.DateTimeFormat
}

const cache = new Map<string, Formatters>()

function formatters(timeZone?: string): Formatters {
  const key = timeZone ?? ''
  let found = cache.get(key)
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone,
      }),
      time: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }),
    }
    cache.set(key, found)
  }
  return found
}

/** "Sat 14 Mar 2026", built from parts: ICU versions differ on the comma after the weekday. */
function day(date: Date, timeZone?: string): string {
  const parts = formatters(timeZone).day.formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`
}

/** "Sat 14 Mar 2026". */
export function formatDate(value: string | Date, timeZone?: string): string {
  return day(new Date(value), timeZone)
}

/**
 * A calendar day stored as `2026-03-14` (no time, no zone): "Sat 14 Mar 2026", the same day
 * wherever the reader is. Anything else is returned as it is.
 */
export function formatCalendarDate(isoDay: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDay) ? day(new Date(`${isoDay}T12:00:00Z`), 'UTC') : isoDay
}

/** "Sat 14 Mar 2026, 19:00". */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  const date = new Date(value)
  return `${day(date, timeZone)}, ${formatters(timeZone).time.format(date)}`
}

/** "19:02": the time of day alone. */
export function formatTime(value: string | Date, timeZone?: string): string {
  return formatters(timeZone).time.format(new Date(value))
}

/**
 * When an event runs: "Sat 14 Mar 2026, 14:00–19:00" on one day, "Sat 14 Mar 2026 – Sun 15 Mar 2026"
 * over several.
 */
export function formatDateRange(start: string | Date, end: string | Date, timeZone?: string): string {
  const from = new Date(start)
  const to = new Date(end)
  const time = formatters(timeZone).time
  if (day(from, timeZone) === day(to, timeZone)) {
    return `${day(from, timeZone)}, ${time.format(from)}–${time.format(to)}`
  }
  return `${day(from, timeZone)} – ${day(to, timeZone)}`
}

/** Time left until a moment: "6 d 4 h 3 m", "4 h 3 m 20 s", "20 s"; "0 s" once it has passed. */
export function formatCountdown(milliseconds: number): string {
  const total = Math.max(0, Math.floor(milliseconds / 1000))
  const d = Math.floor(total / 86_400)
  const h = Math.floor((total % 86_400) / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  if (d > 0) return `${d} d ${h} h ${m} m`
  if (h > 0) return `${h} h ${m} m ${s} s`
  if (m > 0) return `${m} m ${s} s`
  return `${s} s`
}
