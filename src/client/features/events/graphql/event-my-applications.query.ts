import { graphql } from '#client/gql/gql.ts'

/** The signed-in member's applications, to show where they stand on an event page instead of Apply. */
export const EventMyApplicationsQuery = graphql(`
  query EventMyApplications {
    myApplications {
      id
      applicationType
      applicationTypeLabel
      status
      event {
        id
        slug
      }
    }
  }
`)
