import { z } from 'zod'

/**
 * The date range of the treasurer's Money page and exports (issue 28): two calendar days, both
 * included, on the society's clocks; at most a year and a day apart (a financial year, any start).
 */
export const MAX_RANGE_DAYS = 367

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text)
  if (!m) return false
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return (
    at.getUTCFullYear() === Number(m[1]) &&
    at.getUTCMonth() === Number(m[2]) - 1 &&
    at.getUTCDate() === Number(m[3])
  )
}

const day = z.string().trim().refine(isCalendarDay, 'Give the date as YYYY-MM-DD, e.g. 2026-10-01.')

/** Days between two YYYY-MM-DD days (to − from). */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000
}

export const moneyRangeSchema = z.object({ from: day, to: day }).superRefine((range, issues) => {
  if (!isCalendarDay(range.from) || !isCalendarDay(range.to)) return
  const days = daysBetween(range.from, range.to)
  if (days < 0)
    issues.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start.' })
  else if (days + 1 > MAX_RANGE_DAYS) {
    issues.addIssue({ code: 'custom', path: ['to'], message: 'Export at most a year at a time.' })
  }
})
export type MoneyRange = z.infer<typeof moneyRangeSchema>
