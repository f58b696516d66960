import type { AdminEventListQuery } from '#client/gql/graphql.ts'

/** One event as Event Config lists it. */
export type AdminEventRow = AdminEventListQuery['adminEvents'][number]
