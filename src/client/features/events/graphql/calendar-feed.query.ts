import { graphql } from '#client/gql/gql.ts'

/** The member's secret calendar feed URL, or null until they make one. */
export const MyCalendarFeedQuery = graphql(`
  query MyCalendarFeed {
    myCalendarFeed
  }
`)

/** A new secret feed URL; the old one stops working. */
export const RenewCalendarFeedMutation = graphql(`
  mutation RenewCalendarFeed {
    renewCalendarFeed
  }
`)
