// Dates as members read them: British English, in the browser's time zone.

const DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' })

/** "Sat 14 Mar 2026", built from parts: ICU versions differ on the comma after the weekday. */
function day(date: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    DAY.formatToParts(date).find((p) => p.type === type)?.value ?? ''
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`
}

function sameDay(a: Date, b: Date): boolean {
  return day(a) === day(b)
}

/** "Sat 14 Mar 2026". */
export function formatDate(value: string | Date): string {
  return day(new Date(value))
}

/** "Sat 14 Mar 2026, 19:00". */
export function formatDateTime(value: string | Date): string {
  const date = new Date(value)
  return `${day(date)}, ${TIME.format(date)}`
}

/**
 * When an event runs: "Sat 14 Mar 2026, 14:00–19:00" on one day, "Sat 14 Mar 2026 – Sun 15 Mar 2026"
 * over several.
 */
export function formatDateRange(start: string | Date, end: string | Date): string {
  const from = new Date(start)
  const to = new Date(end)
  if (sameDay(from, to)) return `${day(from)}, ${TIME.format(from)}–${TIME.format(to)}`
  return `${day(from)} – ${day(to)}`
}
