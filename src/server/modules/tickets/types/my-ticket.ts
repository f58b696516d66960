import { ticketViewerCan } from '#core/tickets/policies.ts'
import type { TicketStatus } from '#core/tickets/tickets.ts'
import { builder } from '#server/graphql/builder.ts'
import { TicketOrderStatusEnum } from './ticket-order-status.ts'
import { TicketStatusEnum } from './ticket-status.ts'
import type { MyTicketView } from '../tickets.queries.ts'
import { TicketViewerCanRef } from './ticket-viewer-can.ts'

export const MyTicketRef = builder.objectRef<MyTicketView>('MyTicket').implement({
  description: 'A ticket its holder sees: the code goes in the QR shown at the door.',
  fields: (t) => ({
    id: t.exposeID('id'),
    code: t.exposeString('code'),
    status: t.expose('status', { type: TicketStatusEnum }),
    attendeeName: t.exposeString('attendeeName'),
    seat: t.exposeString('seat', { nullable: true }),
    checkedInAt: t.expose('checkedInAt', { type: 'DateTime', nullable: true }),
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    eventStart: t.expose('eventStart', { type: 'DateTime' }),
    typeName: t.exposeString('typeName'),
    typeInfo: t.exposeString('typeInfo'),
    orderStatus: t.expose('orderStatus', { type: TicketOrderStatusEnum }),
    reference: t.exposeString('reference'),
    owedPence: t.exposeInt('owedPence'),
    payBy: t.expose('payBy', { type: 'DateTime', nullable: true }),
    receiptUrl: t.exposeString('receiptPath', {
      nullable: true,
      description:
        'Where the order’s receipt (PDF) is: on the buyer’s own list once money was received; null for a passed-on ticket and on a ticket’s own link.',
    }),
    viewerCan: t.field({
      type: TicketViewerCanRef,
      resolve: (ticket, _args, ctx) =>
        ticketViewerCan({ status: ticket.status as TicketStatus }, ticket.eventStart, ctx.now()),
    }),
  }),
})
