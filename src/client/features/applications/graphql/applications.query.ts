import { graphql } from '#client/gql/gql.ts'

/** `/applications`: the member's applications with their events. */
export const MyApplicationsQuery = graphql(`
  query MyApplications {
    myApplications(limit: 25) {
      ...MyApplicationFields
      event {
        id
        slug
        title
        showName
        revealAt
        startDate
        endDate
        signupDeadline
      }
    }
  }
`)

/**
 * One application as the member's list shows it: MyApplications reads it, and the withdraw, accept
 * and decline mutations return it, so graphcache updates the list in place.
 */
export const MyApplicationFieldsFragment = graphql(`
  fragment MyApplicationFields on Application {
    id
    slug
    applicationType
    applicationTypeLabel
    status
    version
    offerExpiresAt
    submittedAt
    updatedAt
    outstandingPence
    paymentDue
    paymentInstructions {
      method
      summary
      reference
      accountName
      sortCode
      accountNumber
      note
    }
    owed(limit: 20) {
      key
      label
      amountPence
      paidPence
      outstandingPence
      paid
      dueDate
    }
    viewerCan {
      ...ViewerCanFields
    }
  }
`)

/** What the member may do with an application: the list and a submitted form read the same four. */
export const ViewerCanFieldsFragment = graphql(`
  fragment ViewerCanFields on ViewerCan {
    edit
    withdraw
    accept
    decline
  }
`)

export const WithdrawApplicationMutation = graphql(`
  mutation WithdrawApplication($id: ID!, $expectedVersion: Int) {
    withdrawApplication(id: $id, expectedVersion: $expectedVersion) {
      ...MyApplicationFields
    }
  }
`)

export const AcceptOfferMutation = graphql(`
  mutation AcceptOffer($id: ID!) {
    acceptOffer(id: $id) {
      ...MyApplicationFields
    }
  }
`)

export const DeclineOfferMutation = graphql(`
  mutation DeclineOffer($id: ID!) {
    declineOffer(id: $id) {
      ...MyApplicationFields
    }
  }
`)
