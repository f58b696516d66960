import { holderActionRefusal, type TicketStatus } from './tickets.ts'

/**
 * What the viewer may do to one of their own tickets now: the ticket's policy, sent with the ticket
 * (`viewerCan`) so the page hides what the server would refuse. The server refuses by the same rule
 * (holderActionRefusal) when the action arrives.
 */
export interface TicketViewerCan {
  cancel: boolean
  transfer: boolean
}

export function ticketViewerCan(
  ticket: { status: TicketStatus },
  eventStart: Date,
  now: Date,
): TicketViewerCan {
  return {
    cancel: holderActionRefusal('cancel', ticket, eventStart, now) === null,
    transfer: holderActionRefusal('transfer', ticket, eventStart, now) === null,
  }
}
