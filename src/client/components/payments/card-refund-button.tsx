import { useState } from 'react'
import { formatPence } from '#core/money.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { RefundCardPaymentMutation } from './payment.query.ts'

/** Staff: refund a card (online) payment to the card, after a second click that says how much. */
export function CardRefundButton({
  paymentId,
  amountPence,
  onDone,
}: {
  paymentId: string
  amountPence: number
  onDone: (message: string) => void
}) {
  const [asking, setAsking] = useState(false)
  const refund = useAppMutation(RefundCardPaymentMutation, { report: 'inline' })
  return (
    <span className="ml-2 inline-flex flex-wrap items-center gap-2">
      {asking ? (
        <>
          <Button
            variant="secondary"
            pending={refund.fetching}
            onClick={async () => {
              const outcome = await refund.run({ paymentId, amountPence })
              if (outcome.ok) onDone(`${formatPence(amountPence)} refunded to the card.`)
            }}
          >
            Yes, refund {formatPence(amountPence)}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            Keep it
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Refund to card
        </Button>
      )}
      {refund.message ? (
        <span role="alert" className="text-red-800">
          {refund.message}
        </span>
      ) : null}
    </span>
  )
}
