import { graphql } from '#client/gql/gql.ts'

export const TicketByCodeQuery = graphql(`
  query TicketByCode($code: String!) {
    ticketByCode(code: $code) {
      ...MyTicketFields
    }
  }
`)

export const TransferTicketMutation = graphql(`
  mutation TransferTicket($code: String!, $toName: String!, $toEmail: String!) {
    transferTicket(code: $code, toName: $toName, toEmail: $toEmail)
  }
`)

export const CancelTicketMutation = graphql(`
  mutation CancelTicket($code: String!) {
    cancelTicket(code: $code)
  }
`)

export const HeldTicketOrderQuery = graphql(`
  query HeldTicketOrder($claimToken: String!) {
    heldTicketOrder(claimToken: $claimToken) {
      claimToken
      eventSlug
      eventTitle
      typeName
      quantity
      amountPence
      email
      name
      heldUntil
      fromWaitlist
    }
  }
`)

export const ConfirmTicketOrderMutation = graphql(`
  mutation ConfirmTicketOrder(
    $claimToken: String!
    $buyerName: String!
    $attendeeNames: [String!]!
    $payment: TicketPayment!
  ) {
    confirmTicketOrder(
      claimToken: $claimToken
      buyerName: $buyerName
      attendeeNames: $attendeeNames
      payment: $payment
    ) {
      orderId
      orderToken
      reference
      status
      confirmBy
      tickets
    }
  }
`)

export const EmailedTicketOrderQuery = graphql(`
  query EmailedTicketOrder($token: String!) {
    emailedTicketOrder(token: $token) {
      state
      eventTitle
      typeName
      quantity
      amountPence
      email
      confirmBy
    }
  }
`)

export const ConfirmEmailedTicketOrderMutation = graphql(`
  mutation ConfirmEmailedTicketOrder($token: String!) {
    confirmEmailedTicketOrder(token: $token) {
      orderId
      orderToken
      reference
      status
      tickets
    }
  }
`)
