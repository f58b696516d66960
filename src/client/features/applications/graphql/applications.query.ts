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
 * One application as the member's list shows it: MyApplications reads it, and submitting,
 * withdrawing, accepting and declining return it, so graphcache updates the list in place.
 * NOTE: MyApplications costs about 4,980 of the server's 5,000 with the __typename urql adds to
 * every selection (a nested fragment adds another per application): keep this shape lean.
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
      ...PaymentInstructionsFields
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
      edit
      withdraw
      accept
      decline
    }
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
