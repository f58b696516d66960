import { ROLES } from '#core/auth/roles.ts'
import { isOneOf } from '#core/closed-set.ts'
import type { MemberRecordFilter } from '#client/gql/graphql.ts'

// `/admin/profiles` keeps its filter and page in the query string (so Back from a record returns to
// the same search); the page and the admin bench read them here.

/** Members per page of `/admin/profiles`. */
export const MEMBER_RECORDS_PAGE_SIZE = 50

/** The filter the URL holds. */
export function memberFilterOf(params: URLSearchParams): MemberRecordFilter {
  const year = Number(params.get('joinedYear'))
  const role = params.get('role')
  return {
    search: params.get('search') || null,
    role: isOneOf(ROLES, role) ? role : null,
    voicePart: params.get('voicePart') || null,
    instrument: params.get('instrument') || null,
    eventSlug: params.get('eventSlug') || null,
    joinedYear: Number.isInteger(year) && year > 0 ? year : null,
  }
}

/** The first row of the page the URL shows. */
export function memberOffsetOf(params: URLSearchParams): number {
  return Math.max(0, Number(params.get('offset')) || 0)
}
