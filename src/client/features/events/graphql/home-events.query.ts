import { graphql } from '#client/gql/gql.ts'

/** The signed-in home: the events this member may see, and their own applications to them. */
export const HomeEventsQuery = graphql(`
  query HomeEvents {
    events {
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
      ...TicketCallToActionFields
    }
    myApplications {
      id
      applicationType
      applicationTypeLabel
      status
      outstandingPence
      paymentDue
      event {
        slug
        title
      }
    }
  }
`)
