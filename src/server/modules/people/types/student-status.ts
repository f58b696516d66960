import { STUDENT_STATUSES } from '#core/profiles/student-status.ts'
import { wordEnum } from '#server/graphql/word-enum.ts'

export const StudentStatusEnum = wordEnum('StudentStatus', STUDENT_STATUSES, {
  description: 'Where a member is in their studies: student, alumni, staff or external.',
})
