import { graphql } from '#client/gql/gql.ts'

/**
 * The member sidebar's data: the viewer's applications with what the navigation rules read. The
 * operation name and selection are the spec's (§7); fetched `cache-and-network`.
 */
export const NavItemsQuery = graphql(`
  query NavItemsQuery {
    myApplications {
      id
      applicationType
      status
      updatedAt
      event {
        slug
        type
        title
        showName
        startDate
        endDate
        signupDeadline
        eventConfig {
          permissions {
            releaseParticipantInfoPack
            releaseFinalParticipantInfo
            releaseCastList
          }
          paymentLines
        }
      }
    }
  }
`)
