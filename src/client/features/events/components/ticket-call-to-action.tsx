import { Ticket, TicketCheck } from 'lucide-react'
import { ButtonLink, type ButtonVariant } from '#client/components/ui/button-link.tsx'
import type { TicketCallToActionFieldsFragment } from '#client/gql/graphql.ts'
import { SALE_CALL_TO_ACTION_LABEL, TICKET_STANDING_LABEL } from '#core/tickets/sale-call-to-action-words.ts'

/** Where an event's ticket shop lives. */
export function ticketShopPath(slug: string): string {
  return `/${encodeURIComponent(slug)}/ticket-sales`
}

/** Whether the event has anything to say about tickets to this viewer. */
export function hasTicketCallToAction(event: Partial<TicketCallToActionFieldsFragment>): boolean {
  return Boolean(event.ticketCallToAction || event.myTicketStanding)
}

/**
 * The event's ticket call to action for this viewer, as the server decided it
 * (`Event.ticketCallToAction`, `Event.myTicketStanding`): where they already stand ("Your tickets",
 * linking to /tickets; "You’re in the ballot" or "You’re on the waitlist", linking to the shop),
 * then a link to the shop ("Buy tickets", "Enter the ballot", "Join the waitlist") or the words
 * "Sold out"; nothing while there is nothing to say.
 */
export function TicketCallToAction({
  event,
  variant = 'primary',
  describedBy,
  className = '',
}: {
  event: TicketCallToActionFieldsFragment
  variant?: ButtonVariant
  /** The id of the event's heading, so "Buy tickets" says for what. */
  describedBy?: string
  className?: string
}) {
  const action = event.ticketCallToAction
  const standing = event.myTicketStanding
  if (!action && !standing) return null
  return (
    <div className={`flex flex-wrap gap-3 ${className}`} data-testid="ticket-call-to-action">
      {standing ? (
        <ButtonLink
          to={standing === 'HOLDS_TICKETS' ? '/tickets' : ticketShopPath(event.slug)}
          variant={action && action !== 'SOLD_OUT' ? 'secondary' : variant}
          aria-describedby={describedBy}
        >
          <TicketCheck aria-hidden="true" className="size-4 shrink-0" />
          {TICKET_STANDING_LABEL[standing]}
        </ButtonLink>
      ) : null}
      {action === 'SOLD_OUT' ? (
        <p className="inline-flex items-center gap-1.5 rounded-lg bg-slate-100 px-4 py-2.5 text-sm font-semibold text-slate-800">
          <Ticket aria-hidden="true" className="size-4 shrink-0" />
          {SALE_CALL_TO_ACTION_LABEL[action]}
        </p>
      ) : action ? (
        <ButtonLink to={ticketShopPath(event.slug)} variant={variant} aria-describedby={describedBy}>
          <Ticket aria-hidden="true" className="size-4 shrink-0" />
          {SALE_CALL_TO_ACTION_LABEL[action]}
        </ButtonLink>
      ) : null}
    </div>
  )
}
