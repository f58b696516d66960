import { graphql } from '#client/gql/gql.ts'

export const TicketSetupQuery = graphql(`
  query TicketSetup($eventSlug: String!) {
    ticketAllocation(eventSlug: $eventSlug) {
      eventSlug
      eventTitle
      capacity
      capacityLeft
      published
      types {
        id
        name
        pricePence
        quota
        taken
        perPersonLimit
        audience
        mode
      }
    }
  }
`)

export const SetUpTicketSaleMutation = graphql(`
  mutation SetUpTicketSale($eventSlug: String!, $input: TicketSaleInput!) {
    setUpTicketSale(eventSlug: $eventSlug, input: $input) {
      eventSlug
      capacity
      published
    }
  }
`)
