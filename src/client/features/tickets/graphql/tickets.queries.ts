import { graphql } from '#client/gql/gql.ts'

export const TicketShopQuery = graphql(`
  query TicketShop($eventSlug: String!) {
    ticketShop(eventSlug: $eventSlug) {
      eventSlug
      eventTitle
      capacityLeft
      types {
        id
        name
        info
        pricePence
        left
        perPersonLimit
        audience
        mode
        onSale
        saleEndsAt
        drawnAt
        waitlistLength
        myRequest {
          ...BallotRequestFields
        }
      }
    }
  }
`)

export const PurchaseTicketsMutation = graphql(`
  mutation PurchaseTickets(
    $eventSlug: String!
    $ticketTypeId: ID!
    $quantity: Int!
    $buyerName: String!
    $email: String!
    $attendeeNames: [String!]!
    $payment: TicketPayment!
  ) {
    purchaseTickets(
      eventSlug: $eventSlug
      ticketTypeId: $ticketTypeId
      quantity: $quantity
      buyerName: $buyerName
      email: $email
      attendeeNames: $attendeeNames
      payment: $payment
    ) {
      orderId
      reference
      status
      amountPence
      email
      tickets
    }
  }
`)

export const RequestBallotMutation = graphql(`
  mutation RequestBallotTickets(
    $eventSlug: String!
    $ticketTypeId: ID!
    $quantity: Int!
    $groupCode: String
    $newGroupName: String
  ) {
    requestBallotTickets(
      eventSlug: $eventSlug
      ticketTypeId: $ticketTypeId
      quantity: $quantity
      groupCode: $groupCode
      newGroupName: $newGroupName
    ) {
      ...BallotRequestFields
    }
  }
`)

export const JoinWaitlistMutation = graphql(`
  mutation JoinTicketWaitlist($eventSlug: String!, $ticketTypeId: ID!, $quantity: Int!) {
    joinTicketWaitlist(eventSlug: $eventSlug, ticketTypeId: $ticketTypeId, quantity: $quantity)
  }
`)

export const MyTicketsQuery = graphql(`
  query MyTickets {
    myTickets {
      ...MyTicketFields
    }
  }
`)

export const CheckInMutation = graphql(`
  mutation CheckInTicket($eventSlug: String!, $code: String!) {
    checkInTicket(eventSlug: $eventSlug, code: $code) {
      kind
      label
      at
      attendeeName
      typeName
      owedPence
      seat
    }
  }
`)

export const TicketStatsQuery = graphql(`
  query TicketStats($eventSlug: String!) {
    ticketStats(eventSlug: $eventSlug) {
      eventSlug
      eventTitle
      types {
        name
        quota
        sold
        held
        checkedIn
        revenuePence
      }
      salesByDay {
        day
        tickets
        cumulative
      }
      ballots {
        typeName
        supply
        requested
        participants
        others
      }
      orders {
        id
        createdAt
        buyerName
        email
        typeName
        quantity
        amountPence
        paidPence
        status
        reference
      }
    }
  }
`)

export const TicketAllocationQuery = graphql(`
  query TicketAllocation($eventSlug: String!) {
    ticketAllocation(eventSlug: $eventSlug) {
      eventSlug
      eventTitle
      capacity
      capacityLeft
      published
      types {
        id
        name
        mode
        quota
        taken
        left
        drawnAt
        ballotSeed
        waitlistLength
      }
      requests {
        ticketTypeId
        request {
          id
          name
          email
          quantity
          groupName
          groupCode
          priority
          outcome
          drawPosition
        }
      }
      orders {
        id
        buyerName
        email
        typeName
        quantity
        amountPence
        paidPence
        status
        source
        reference
        payBy
      }
    }
  }
`)

export const RunDrawMutation = graphql(`
  mutation RunBallotDraw($eventSlug: String!, $ticketTypeId: ID!, $seed: String) {
    runBallotDraw(eventSlug: $eventSlug, ticketTypeId: $ticketTypeId, seed: $seed) {
      seed
      allocated
      winners
      waitlisted
    }
  }
`)

export const RecordTicketPaymentMutation = graphql(`
  mutation RecordTicketPayment(
    $orderId: ID!
    $amountPence: Int!
    $method: PaymentMethod!
    $reference: String
  ) {
    recordTicketPayment(
      orderId: $orderId
      amountPence: $amountPence
      method: $method
      reference: $reference
    ) {
      id
      status
      paidPence
    }
  }
`)

export const HoldTicketsMutation = graphql(`
  mutation HoldTickets($eventSlug: String!, $ticketTypeId: ID!, $quantity: Int!, $email: String!) {
    holdTickets(eventSlug: $eventSlug, ticketTypeId: $ticketTypeId, quantity: $quantity, email: $email) {
      claimToken
      typeName
      quantity
      amountPence
      email
      name
      heldUntil
    }
  }
`)

export const ReleaseHeldTicketOrderMutation = graphql(`
  mutation ReleaseHeldTicketOrder($claimToken: String!) {
    releaseHeldTicketOrder(claimToken: $claimToken)
  }
`)

/** The member's ballot request, in the shop and as requesting returns it. */
export const BallotRequestFieldsFragment = graphql(`
  fragment BallotRequestFields on BallotRequest {
    id
    quantity
    groupName
    groupCode
    outcome
  }
`)

/** A ticket as its holder sees it, on /tickets and on the emailed link. */
export const MyTicketFieldsFragment = graphql(`
  fragment MyTicketFields on MyTicket {
    id
    code
    status
    attendeeName
    seat
    checkedInAt
    eventSlug
    eventTitle
    eventStart
    typeName
    typeInfo
    orderStatus
    reference
    owedPence
    payBy
    viewerCan {
      cancel
      transfer
    }
  }
`)
