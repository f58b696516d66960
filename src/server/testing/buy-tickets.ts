import type { FastifyInstance } from 'fastify'
import { gql } from './test-app.ts'

// Buying tickets in tests the way the shop does (decision 0045): hold the basket, then confirm it.

export interface BuyInput {
  eventSlug: string
  ticketTypeId: string
  quantity: number
  email: string
  buyerName?: string
  /** One per ticket; the buyer's name for each by default. */
  attendeeNames?: string[]
  payment?: 'PAY_AT_DOOR' | 'BANK_TRANSFER'
  /** Signed in as this session; signed out the order waits for its emailed link (status HELD). */
  token?: string
}

export interface Bought {
  orderId: string
  orderToken: string | null
  reference: string
  status: string
  tickets: number
  confirmBy: string | null
}

type Errors = { message: string; extensions?: { code?: string } }[]

const HOLD = `mutation($e: String!, $t: ID!, $q: Int!, $email: String!) {
  holdTickets(eventSlug: $e, lines: [{ ticketTypeId: $t, quantity: $q }], email: $email) { claimToken } }`
const CONFIRM = `mutation($c: String!, $buyer: String!, $names: [String!]!, $payment: TicketPayment!) {
  confirmTicketOrder(claimToken: $c, buyerName: $buyer, attendeeNames: $names, payment: $payment) {
    orderId orderToken reference status tickets confirmBy } }`

/**
 * One type's tickets through `holdTickets` then `confirmTicketOrder`, as the checkout calls them;
 * the answer is shaped like `gql`'s, with the confirmed order as `data.order` and the first step's
 * errors when it refused.
 */
export async function buyTickets(
  app: FastifyInstance,
  input: BuyInput,
): Promise<{ status: number; body: { data: { order: Bought } | null; errors?: Errors } }> {
  const buyerName = input.buyerName ?? 'Ann'
  const held = await gql<{ holdTickets: { claimToken: string } }>(app, HOLD, {
    token: input.token,
    variables: { e: input.eventSlug, t: input.ticketTypeId, q: input.quantity, email: input.email },
  })
  if (held.body.errors || !held.body.data)
    return { status: held.status, body: { data: null, errors: held.body.errors } }
  const done = await gql<{ confirmTicketOrder: Bought }>(app, CONFIRM, {
    token: input.token,
    variables: {
      c: held.body.data.holdTickets.claimToken,
      buyer: buyerName,
      names: input.attendeeNames ?? Array<string>(input.quantity).fill(buyerName),
      payment: input.payment ?? 'PAY_AT_DOOR',
    },
  })
  return {
    status: done.status,
    body: {
      data: done.body.data ? { order: done.body.data.confirmTicketOrder } : null,
      errors: done.body.errors,
    },
  }
}
