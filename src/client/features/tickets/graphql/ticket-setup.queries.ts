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
        info
        onSale
        saleStartsAt
        saleEndsAt
        hidden
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

export const UpdateTicketTypeMutation = graphql(`
  mutation UpdateTicketType($eventSlug: String!, $ticketTypeId: ID!, $input: TicketTypeInput!) {
    updateTicketType(eventSlug: $eventSlug, ticketTypeId: $ticketTypeId, input: $input) {
      eventSlug
    }
  }
`)

export const RemoveTicketTypeMutation = graphql(`
  mutation RemoveTicketType($eventSlug: String!, $ticketTypeId: ID!) {
    removeTicketType(eventSlug: $eventSlug, ticketTypeId: $ticketTypeId) {
      eventSlug
    }
  }
`)

export const CloseTicketTypeSaleMutation = graphql(`
  mutation CloseTicketTypeSale($eventSlug: String!, $ticketTypeId: ID!) {
    closeTicketTypeSale(eventSlug: $eventSlug, ticketTypeId: $ticketTypeId) {
      eventSlug
    }
  }
`)

export const TicketVouchersQuery = graphql(`
  query TicketVouchers($eventSlug: String!) {
    ticketVouchers(eventSlug: $eventSlug) {
      id
      code
      description
      typeIds
      uses
      maxUses
      expiresAt
      disabled
    }
  }
`)

export const CreateTicketVoucherMutation = graphql(`
  mutation CreateTicketVoucher($eventSlug: String!, $input: TicketVoucherInput!) {
    createTicketVoucher(eventSlug: $eventSlug, input: $input) {
      id
      code
    }
  }
`)

export const DisableTicketVoucherMutation = graphql(`
  mutation DisableTicketVoucher($eventSlug: String!, $voucherId: ID!) {
    disableTicketVoucher(eventSlug: $eventSlug, voucherId: $voucherId) {
      id
      disabled
    }
  }
`)
