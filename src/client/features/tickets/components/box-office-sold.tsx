import { useEffect, useRef } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { formatPence } from '#core/money.ts'
import { DOOR_PAYMENT_WORDING } from '#core/tickets/door.ts'
import { ticketStatusLabel } from '#core/tickets/status-wording.ts'
import type { BoxOfficeSold } from '../hooks/use-box-office.ts'

/**
 * A box-office sale just made: the order's reference, what was sold and taken, its tickets, and its
 * page to show the QR codes or print them (the order page, decision 0048). Focused when it appears,
 * so the door hears the sale went through.
 */
export function BoxOfficeSoldView({ sold, onDone }: { sold: BoxOfficeSold; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [sold.orderId])
  const taken =
    sold.amountPence > 0
      ? `${formatPence(sold.amountPence)} taken: ${DOOR_PAYMENT_WORDING[sold.method].toLowerCase()}.`
      : 'Free tickets: nothing taken.'
  return (
    <div
      className="mt-3 rounded-lg border-2 border-green-700 bg-green-50 p-4 text-green-950"
      data-box-office-sold
    >
      <h3 ref={heading} tabIndex={-1} className="text-lg font-bold">
        Sold: order {sold.reference}
      </h3>
      <p className="mt-1">
        {sold.what}. {taken}
      </p>
      <p className="mt-1">
        {sold.checkedIn ? 'Checked in: let them in.' : 'Not checked in: their tickets scan at the door.'}
        {sold.emailedTo ? ` Tickets emailed to ${sold.emailedTo}.` : ''}
      </p>
      <ul className="mt-2 list-inside list-disc text-sm" aria-label="Tickets sold">
        {sold.tickets.map((t) => (
          <li key={t.id}>
            {t.typeName} · {t.attendeeName} · {ticketStatusLabel(t.status)}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={`/tickets/order/${sold.orderToken}`}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-green-900 ring-1 ring-green-700 ring-inset hover:bg-green-100"
        >
          Show or print the tickets<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Button variant="secondary" onClick={onDone}>
          Next sale
        </Button>
      </div>
    </div>
  )
}
