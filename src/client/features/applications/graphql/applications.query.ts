import { graphql } from '#client/gql/gql.ts'

/** `/applications`: the member's applications with their events. */
export const MyApplicationsQuery = graphql(`
  query MyApplications {
    myApplications(limit: 25) {
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

export const WithdrawApplicationMutation = graphql(`
  mutation WithdrawApplication($id: ID!, $expectedVersion: Int) {
    withdrawApplication(id: $id, expectedVersion: $expectedVersion) {
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
  }
`)

export const AcceptOfferMutation = graphql(`
  mutation AcceptOffer($id: ID!) {
    acceptOffer(id: $id) {
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
  }
`)

export const DeclineOfferMutation = graphql(`
  mutation DeclineOffer($id: ID!) {
    declineOffer(id: $id) {
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
  }
`)
