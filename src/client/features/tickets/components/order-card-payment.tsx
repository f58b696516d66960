import { useEffect, useRef, useState } from 'react'
import { useQuery } from 'urql'
import { Notice } from '#client/components/ui/notice.tsx'
import { formatPence } from '#core/money.ts'
import { TicketOrderCardPaymentQuery } from '../graphql/order-page.queries.ts'

/** How often, and how many times, the page asks while a card payment is on its way: a minute. */
const POLL_MS = 2000
const POLL_TRIES = 30

/**
 * While an order's card payment is on its way (the order is still HELD), ask the server every two
 * seconds for a minute: it asks Stripe, never trusting the redirect. Once Stripe says paid or
 * expired, `onSettled` loads the order again.
 */
function useCardPaymentWatch(token: string, waiting: boolean, onSettled: () => void) {
  const [result, reexecute] = useQuery({
    query: TicketOrderCardPaymentQuery,
    variables: { token },
    pause: !waiting,
    requestPolicy: 'network-only',
  })
  const [tries, setTries] = useState(0)
  useEffect(() => {
    if (!waiting || tries >= POLL_TRIES) return
    const timer = setTimeout(() => {
      setTries((n) => n + 1)
      reexecute({ requestPolicy: 'network-only' })
    }, POLL_MS)
    return () => clearTimeout(timer)
  }, [waiting, tries, reexecute])
  const status = result.data?.ticketOrderCardPayment
  const settled = useRef(onSettled)
  useEffect(() => {
    settled.current = onSettled
  }, [onSettled])
  useEffect(() => {
    if (waiting && (status === 'PAID' || status === 'EXPIRED')) settled.current()
  }, [waiting, status])
}

/**
 * What the order page says about a card payment (decision 0054): "Paid" once the server has it,
 * "Not paid yet" while it is on its way, and why the tickets went back on sale if it never came.
 */
export function OrderCardPayment({
  token,
  order,
  onSettled,
}: {
  token: string
  order: { status: string; payment: string; paidPence: number; email: string; ticketCount: number }
  onSettled: () => void
}) {
  const waiting = order.status === 'HELD'
  useCardPaymentWatch(token, waiting, onSettled)
  if (waiting) {
    return (
      <Notice>
        <p className="font-semibold">Not paid yet — we’ll email you when it goes through.</p>
        <p>
          Your tickets are kept for you meanwhile and sent to {order.email} as soon as the card payment is
          confirmed. This page updates by itself.
        </p>
      </Notice>
    )
  }
  if (order.payment === 'CARD' && order.status === 'PAID') {
    return (
      <Notice tone="success">
        <p className="font-semibold">Paid</p>
        <p>
          {formatPence(order.paidPence)} paid by card. Your tickets have been emailed to {order.email}.
        </p>
      </Notice>
    )
  }
  if (order.status === 'CANCELLED' && order.ticketCount === 0) {
    return (
      <Notice>
        <p className="font-semibold">Not paid</p>
        <p>The card payment was not finished in time, so these tickets went back on sale.</p>
      </Notice>
    )
  }
  return null
}
