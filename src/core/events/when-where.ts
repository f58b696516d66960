import { formatDateRange } from '#core/text/dates.ts'

/**
 * The "when and where" of an event as every ticket email and the shop say it, on the society's clocks:
 * "When: Sat 9 Jan 2027, 19:00–22:00" and, when it has one, "Where: Great Hall".
 */
export function whenAndWhere(
  event: { startDate: Date | string; endDate: Date | string; venue: string },
  timeZone: string,
): string[] {
  const venue = event.venue.trim()
  return [
    `When: ${formatDateRange(event.startDate, event.endDate, timeZone)}`,
    ...(venue ? [`Where: ${venue}`] : []),
  ]
}
