import { graphql } from '#client/gql/gql.ts'

export const TicketOrderPageQuery = graphql(`
  query TicketOrderPage($token: String!) {
    ticketOrder(token: $token) {
      id
      reference
      status
      payment
      buyerName
      email
      soldPence
      paidPence
      outstandingPence
      discountPence
      voucherCode
      receiptUrl
      event {
        id
        slug
        title
        startDate
        endDate
        venue
      }
      bankTransfer {
        ...PaymentInstructionsFields
      }
      tickets {
        id
        attendeeName
        typeName
        seat
        status
        passedOn
        ticket {
          ...MyTicketFields
        }
      }
    }
  }
`)

/** The order's card payment as the server (asking Stripe) knows it, while the order page waits. */
export const TicketOrderCardPaymentQuery = graphql(`
  query TicketOrderCardPayment($token: String!) {
    ticketOrderCardPayment(token: $token)
  }
`)
