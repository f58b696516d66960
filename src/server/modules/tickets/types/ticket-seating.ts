import { builder } from '#server/graphql/builder.ts'
import { SeatingModeEnum } from './seating-mode.ts'
import { TicketStatusEnum } from './ticket-status.ts'
import type { AutoSeatResult } from '../auto-seat-tables.ts'
import type { TicketSeatingView } from '../get-ticket-seating.ts'
import type { SeatedTicketView } from '../seating.queries.ts'

export const SeatedTicketRef = builder.objectRef<SeatedTicketView>('SeatedTicket').implement({
  description: 'A live ticket on the Seating panel: who holds it, its order and ballot group, its seat.',
  fields: (t) => ({
    id: t.exposeID('id'),
    attendeeName: t.exposeString('attendeeName'),
    holderEmail: t.exposeString('holderEmail'),
    status: t.expose('status', { type: TicketStatusEnum }),
    typeName: t.exposeString('typeName'),
    orderId: t.exposeID('orderId'),
    orderReference: t.exposeString('orderReference'),
    buyerName: t.exposeString('buyerName'),
    groupName: t.exposeString('groupName', { nullable: true }),
    seat: t.exposeString('seat', { nullable: true, description: 'The label as stored: "3", "A12".' }),
    seatText: t.exposeString('seatText', {
      nullable: true,
      description: 'As the ticket shows it: "Table 3", "Seat A12".',
    }),
  }),
})

export const TicketSeatingRef = builder.objectRef<TicketSeatingView>('TicketSeating').implement({
  description: 'How an event is seated (SEATS or TABLES of tableSize) and its live tickets in seating order.',
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    mode: t.expose('mode', { type: SeatingModeEnum }),
    tableSize: t.exposeInt('tableSize', { nullable: true }),
    tickets: t.field({ type: [SeatedTicketRef], resolve: (v) => v.tickets }),
  }),
})

export const AutoSeatResultRef = builder.objectRef<AutoSeatResult>('AutoSeatResult').implement({
  fields: (t) => ({
    seated: t.exposeInt('seated', { description: 'Tickets given a table now.' }),
    tables: t.exposeInt('tables', { description: 'The highest numbered table in use.' }),
  }),
})
