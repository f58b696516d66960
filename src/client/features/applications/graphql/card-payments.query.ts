import { graphql } from '#client/gql/gql.ts'

/** Whether "Pay by card" is offered (Stripe keys set on the server). */
export const CardPaymentsEnabledQuery = graphql(`
  query CardPaymentsEnabled {
    cardPaymentsEnabled
  }
`)

/** Start paying owed lines by card: the server sets the amounts and answers with the card page. */
export const StartCardCheckoutMutation = graphql(`
  mutation StartCardCheckout($applicationId: ID!, $lineKeys: [String!]!) {
    startCardCheckout(applicationId: $applicationId, lineKeys: $lineKeys) {
      id
      url
    }
  }
`)

/** The return page: the outcome as the server knows it (never the redirect's word). */
export const CardCheckoutQuery = graphql(`
  query CardCheckout($id: ID!) {
    cardCheckout(id: $id) {
      id
      status
      amountPence
      lines {
        key
        label
        amountPence
      }
    }
  }
`)
