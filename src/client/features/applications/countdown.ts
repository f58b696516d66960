const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/**
 * How long is left until an offer expires, in words: "2 days 3 hours", "5 hours 12 minutes",
 * "4 minutes", "less than a minute", or null once it has expired.
 */
export function formatCountdown(expiresAt: Date | string, now: Date): string | null {
  const left = new Date(expiresAt).getTime() - now.getTime()
  if (left <= 0) return null
  if (left < MINUTE) return 'less than a minute'
  const days = Math.floor(left / DAY)
  const hours = Math.floor((left % DAY) / HOUR)
  const minutes = Math.floor((left % HOUR) / MINUTE)
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day')
  if (hours > 0)
    return minutes > 0 ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour')
  return plural(minutes, 'minute')
}
