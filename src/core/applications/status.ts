/**
 * Application statuses (PRODUCT.md §2, extending OFFERED, CONFIRMED and PAID of the spec). The
 * transitions between them come with the applications issue.
 */
export const APPLICATION_STATUSES = [
  'SUBMITTED',
  'WAITLISTED',
  'OFFERED',
  'CONFIRMED',
  'PAID',
  'DECLINED',
  'REJECTED',
  'EXPIRED',
  'WITHDRAWN',
  'CANCELLED',
] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]
