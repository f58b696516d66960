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

/**
 * What the withdraw/accept/decline mutations return: the fields of MyApplications, so graphcache
 * updates the member's list in place.
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
