import { graphql } from '#client/gql/gql.ts'

// The door's box office and its live count (decision 0050).

export const BoxOfficeQuery = graphql(`
  query BoxOffice($eventSlug: String!) {
    boxOffice(eventSlug: $eventSlug) {
      eventSlug
      capacityLeft
      types {
        id
        name
        pricePence
        left
        sellable
        notes
      }
    }
  }
`)

export const SellAtBoxOfficeMutation = graphql(`
  mutation SellAtBoxOffice(
    $eventSlug: String!
    $lines: [BasketLineInput!]!
    $method: DoorPaymentMethod!
    $buyerName: String
    $email: String
    $checkIn: Boolean
  ) {
    sellAtBoxOffice(
      eventSlug: $eventSlug
      lines: $lines
      method: $method
      buyerName: $buyerName
      email: $email
      checkIn: $checkIn
    ) {
      orderId
      reference
      orderToken
      amountPence
      method
      what
      checkedIn
      emailedTo
      tickets {
        id
        attendeeName
        typeName
        status
      }
    }
  }
`)

export const DoorCountSubscription = graphql(`
  subscription DoorCountChanged($eventSlug: String!) {
    doorCountChanged(eventSlug: $eventSlug) {
      eventSlug
      checkedIn
      total
    }
  }
`)
