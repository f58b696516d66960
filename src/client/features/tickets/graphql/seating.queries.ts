import { graphql } from '#client/gql/gql.ts'

export const TicketSeatingQuery = graphql(`
  query TicketSeating($eventSlug: String!) {
    ticketSeating(eventSlug: $eventSlug) {
      eventSlug
      mode
      tableSize
      tickets {
        id
        attendeeName
        holderEmail
        status
        typeName
        orderId
        orderReference
        buyerName
        groupName
        seat
        seatText
      }
    }
  }
`)

export const AssignSeatMutation = graphql(`
  mutation AssignSeat($ticketId: ID!, $seat: String) {
    assignSeat(ticketId: $ticketId, seat: $seat) {
      id
      seat
      seatText
    }
  }
`)

export const AutoSeatTablesMutation = graphql(`
  mutation AutoSeatTables($eventSlug: String!, $tableSize: Int!) {
    autoSeatTables(eventSlug: $eventSlug, tableSize: $tableSize) {
      seated
      tables
    }
  }
`)

export const SetTicketSeatingMutation = graphql(`
  mutation SetTicketSeating($eventSlug: String!, $mode: SeatingMode!, $tableSize: Int) {
    setTicketSeating(eventSlug: $eventSlug, mode: $mode, tableSize: $tableSize) {
      eventSlug
      mode
      tableSize
    }
  }
`)
