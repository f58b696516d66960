import { graphql } from '#client/gql/gql.ts'

// What the payment dialog reads and writes: the acceptance page and operations both record
// payments and refunds through it (one use case on the server, recordPayment).
export const AcceptanceApplicationQuery = graphql(`
  query AcceptanceApplication($id: ID!) {
    acceptanceApplication(id: $id) {
      id
      applicantName
      status
      ledger {
        key
        label
        amountPence
        paidPence
        outstandingPence
        paid
      }
      payments {
        id
        lineKey
        amountPence
        method
        reference
        recordedAt
      }
    }
  }
`)

export const RecordPaymentsMutation = graphql(`
  mutation RecordPayments($applicationId: ID!, $entries: [PaymentEntryInput!]!) {
    recordPayments(applicationId: $applicationId, entries: $entries) {
      id
      status
    }
  }
`)

/** How to pay (an application's payment lines, a ticket order by bank transfer). */
export const PaymentInstructionsFieldsFragment = graphql(`
  fragment PaymentInstructionsFields on PaymentInstructions {
    method
    summary
    reference
    accountName
    sortCode
    accountNumber
    note
  }
`)

/** Staff: refund a card (online) payment to the card through Stripe. */
export const RefundCardPaymentMutation = graphql(`
  mutation RefundCardPayment($paymentId: ID!, $amountPence: Int!) {
    refundCardPayment(paymentId: $paymentId, amountPence: $amountPence) {
      id
      status
    }
  }
`)
