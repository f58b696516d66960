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

export const RecordPaymentMutation = graphql(`
  mutation RecordPayment(
    $applicationId: ID!
    $lineKey: String!
    $amountPence: Int!
    $method: PaymentMethod!
    $reference: String
  ) {
    recordPayment(
      applicationId: $applicationId
      lineKey: $lineKey
      amountPence: $amountPence
      method: $method
      reference: $reference
    ) {
      id
      status
    }
  }
`)
