/** Where a member is in their studies (PRODUCT.md §2 Profile), as the profile stores it. */
export const STUDENT_STATUSES = ['student', 'alumni', 'staff', 'external'] as const
export type StudentStatus = (typeof STUDENT_STATUSES)[number]

/**
 * Each status in words, keyed by its GraphQL enum name (`STUDENT`, `ALUMNI`…), which is the
 * stored word in capitals: a casting page reads the name it was sent, never the code.
 */
export const STUDENT_STATUS_WORDS = {
  STUDENT: 'Student',
  ALUMNI: 'Alumni',
  STAFF: 'Staff',
  EXTERNAL: 'Not a student or staff',
} as const satisfies Record<Uppercase<StudentStatus>, string>
