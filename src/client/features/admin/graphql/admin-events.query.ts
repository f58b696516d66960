import { graphql } from '#client/gql/gql.ts'

/** Every event this admin may see (drafts too), for the event picker. */
export const AdminEventsQuery = graphql(`
  query AdminEvents {
    events {
      id
      slug
      type
      title
      showName
      startDate
      endDate
      signupDeadline
      summary
      venue
    }
  }
`)
