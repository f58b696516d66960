// `<input type="datetime-local">` speaks the browser's local time without a zone; the API speaks
// ISO instants in UTC.

const pad = (n: number) => String(n).padStart(2, '0')

/** An ISO instant as a datetime-local value ("2026-03-14T19:00"), in the browser's time zone. */
export function toDateTimeLocal(value: string | Date | null | undefined): string {
  if (!value) return ''
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value as an ISO instant, or null when empty or unreadable. */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}
