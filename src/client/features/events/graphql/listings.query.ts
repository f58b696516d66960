import { graphql } from '#client/gql/gql.ts'

/** Upcoming public events, for `/listings` (anyone, signed in or not). */
export const ListingsQuery = graphql(`
  query Listings {
    listings {
      id
      slug
      type
      title
      showName
      revealAt
      startDate
      endDate
      signupDeadline
      summary
      venue
      openApplicationTypeKeys
      ...TicketCallToActionFields
    }
  }
`)
