import { ATTENDANCE_MARKS } from '#core/operations/attendance.ts'
import { builder } from '#server/graphql/builder.ts'

export const AttendanceMarkEnum = builder.enumType('AttendanceMark', {
  description: 'A mark in an attendance register.',
  values: ATTENDANCE_MARKS,
})
