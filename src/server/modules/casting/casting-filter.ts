import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'
import { AppError } from '#core/errors.ts'

// The casting list's filter, sort and page cursors: what its list and neighbours share.

export const CASTING_SORT_FIELDS = ['NAME', 'SUBMITTED_AT', 'SCORE', 'STATUS', 'TYPE'] as const
export type CastingSortField = (typeof CASTING_SORT_FIELDS)[number]
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]
/** In a `parts` filter, this value stands for "no part assigned yet". */
export const NO_PART = ''

export interface CastingFilter {
  types?: readonly string[] | null
  parts?: readonly string[] | null
  statuses?: readonly ApplicationStatus[] | null
  minScore?: number | null
  maxScore?: number | null
  search?: string | null
}
export interface CastingSort {
  field: CastingSortField
  direction: SortDirection
}
export const DEFAULT_SORT: CastingSort = { field: 'SUBMITTED_AT', direction: 'ASC' }

/** `%`, `_` and `\` match themselves in a search, not as LIKE wildcards. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** Page cursors are opaque strings over an offset (`o:<n>` in base64url). */
export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url')
}

/** An opaque cursor or a plain offset ("40"); BAD_REQUEST for anything else. */
export function decodeCursor(after: string | null | undefined): number {
  if (after === null || after === undefined || after === '') return 0
  if (/^\d{1,9}$/.test(after)) return Number(after)
  const decoded = Buffer.from(after, 'base64url').toString()
  const match = /^o:(\d{1,9})$/.exec(decoded)
  if (!match) throw new AppError('BAD_REQUEST', 'That page cursor is not valid.')
  return Number(match[1])
}

/** VALIDATION for scores outside 1–5, an over-long search or an unknown status. */
export function checkFilter(filter: CastingFilter): void {
  for (const key of ['minScore', 'maxScore'] as const) {
    const v = filter[key]
    if (v !== null && v !== undefined && (!Number.isFinite(v) || v < 1 || v > 5)) {
      throw new AppError('VALIDATION', 'Scores run from 1 to 5.', {
        fields: [{ path: key, message: 'Scores run from 1 to 5.' }],
      })
    }
  }
  if ((filter.search?.length ?? 0) > 200) throw new AppError('VALIDATION', 'Search for fewer characters.')
  for (const status of filter.statuses ?? []) {
    if (!APPLICATION_STATUSES.includes(status)) throw new AppError('VALIDATION', `No status ${status}.`)
  }
}
