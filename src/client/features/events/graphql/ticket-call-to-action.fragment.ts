import { graphql } from '#client/gql/gql.ts'

/** What the listings, the member home and the event pages show about an event's tickets, for this viewer. */
export const TicketCallToActionFieldsFragment = graphql(`
  fragment TicketCallToActionFields on Event {
    slug
    ticketCallToAction
    myTicketStanding
  }
`)
