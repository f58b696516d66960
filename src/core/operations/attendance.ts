import type { ScheduleDate } from '../events/event-config.schemas.ts'

export const ATTENDANCE_MARKS = ['PRESENT', 'APOLOGIES', 'ABSENT'] as const
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number]

export const ATTENDANCE_LABELS: Readonly<Record<AttendanceMark, string>> = {
  PRESENT: 'Present',
  APOLOGIES: 'Apologies',
  ABSENT: 'Absent',
}

/** The event's rehearsal and performance dates, in order (from its config). */
export function scheduleDates(schedule: readonly ScheduleDate[] | undefined): ScheduleDate[] {
  return [...(schedule ?? [])].sort((a, b) => a.date.localeCompare(b.date))
}

/** The schedule entry of this date, or null when the date is not one of the event's. */
export function findScheduleDate(
  schedule: readonly ScheduleDate[] | undefined,
  date: string,
): ScheduleDate | null {
  return (schedule ?? []).find((d) => d.date === date) ?? null
}
