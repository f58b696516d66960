import { graphql } from '#client/gql/gql.ts'

/** Whether the member holds tickets: the home and the profile link to /tickets when they do. */
export const MyTicketCountQuery = graphql(`
  query MyTicketCount {
    myTickets {
      id
      eventSlug
    }
  }
`)
