import { graphql } from '#client/gql/gql.ts'

export const TicketShopQuery = graphql(`
  query TicketShop($eventSlug: String!) {
    ticketShop(eventSlug: $eventSlug) {
      eventSlug
      eventTitle
      event {
        id
        startDate
        endDate
        venue
      }
      capacityLeft
      types {
        ...ShopTicketTypeFields
      }
    }
  }
`)

/** A ticket type as the shop offers it: the shop's types and those a voucher code unlocks. */
export const ShopTicketTypeFieldsFragment = graphql(`
  fragment ShopTicketTypeFields on TicketType {
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
    myTicketCount
    myWaitlistPosition
    myRequest {
      ...BallotRequestFields
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

export const DoorScanFields = graphql(`
  fragment DoorScanFields on TicketScan {
    kind
    verdict
    headline
    moneyLine
    at
    attendeeName
    typeName
    collectPence
    orderOwedPence
    paidPence
    seat
  }
`)

export const CheckInMutation = graphql(`
  mutation CheckInTicket($eventSlug: String!, $code: String, $ticketId: ID) {
    checkInTicket(eventSlug: $eventSlug, code: $code, ticketId: $ticketId) {
      ...DoorScanFields
    }
  }
`)

export const PayAtDoorMutation = graphql(`
  mutation PayAtDoor($eventSlug: String!, $code: String, $ticketId: ID, $method: DoorPaymentMethod!) {
    payAtDoor(eventSlug: $eventSlug, code: $code, ticketId: $ticketId, method: $method) {
      ...DoorScanFields
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
        money {
          ...TicketMoneyFields
        }
      }
      total {
        ...TicketMoneyFields
      }
      byMethod {
        ...MoneyByMethodFields
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
        outstandingPence
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
        discountPence
        voucherCode
        paidPence
        outstandingPence
        status
        source
        reference
        payBy
        cardRefundablePence
        payments(limit: 3) {
          id
          amountPence
          method
          recordedAt
        }
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

/** A held basket as the checkout shows it: its lines, the total, and how to pay by transfer. */
export const HeldTicketOrderFieldsFragment = graphql(`
  fragment HeldTicketOrderFields on HeldTicketOrder {
    claimToken
    typeName
    quantity
    amountPence
    email
    name
    heldUntil
    reference
    payByCard
    lines {
      ticketTypeId
      typeName
      quantity
      unitPricePence
    }
    bankTransfer {
      ...PaymentInstructionsFields
    }
  }
`)

/** "Pay by card now" in the checkout: where to send the buyer (Stripe's hosted page). */
export const StartTicketCardCheckoutMutation = graphql(`
  mutation StartTicketCardCheckout($claimToken: String!, $buyerName: String!, $attendeeNames: [String!]!) {
    startTicketCardCheckout(claimToken: $claimToken, buyerName: $buyerName, attendeeNames: $attendeeNames) {
      id
      url
    }
  }
`)

/** Staff refund a ticket order's card payment, and may cancel the order with it. */
export const RefundTicketOrderByCardMutation = graphql(`
  mutation RefundTicketOrderByCard($orderId: ID!, $amountPence: Int!, $cancelOrder: Boolean!) {
    refundTicketOrderByCard(orderId: $orderId, amountPence: $amountPence, cancelOrder: $cancelOrder) {
      id
      status
      paidPence
      cardRefundablePence
    }
  }
`)

export const HoldTicketsMutation = graphql(`
  mutation HoldTickets(
    $eventSlug: String!
    $lines: [BasketLineInput!]!
    $email: String!
    $previousClaimToken: String
    $voucherCode: String
  ) {
    holdTickets(
      eventSlug: $eventSlug
      lines: $lines
      email: $email
      previousClaimToken: $previousClaimToken
      voucherCode: $voucherCode
    ) {
      ...HeldTicketOrderFields
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
    receiptUrl
    viewerCan {
      cancel
      transfer
    }
  }
`)

/** Sold, paid and outstanding, read per type and in total on Ticket Stats. */
export const TicketMoneyFieldsFragment = graphql(`
  fragment TicketMoneyFields on TicketMoney {
    soldPence
    paidPence
    outstandingPence
  }
`)

export const CheckTicketVoucherQuery = graphql(`
  query CheckTicketVoucher($eventSlug: String!, $code: String!, $lines: [BasketLineInput!]!) {
    checkTicketVoucher(eventSlug: $eventSlug, code: $code, lines: $lines) {
      code
      kind
      amount
      typeIds
      valid
      reason
      description
      unlockedTypes {
        ...ShopTicketTypeFields
      }
    }
  }
`)
