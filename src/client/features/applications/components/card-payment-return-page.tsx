import { useSearchParams } from 'react-router'
import { useQuery } from 'urql'
import { formatPence } from '#core/money.ts'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { CardCheckoutQuery } from '../graphql/card-payments.query.ts'

const heading = 'text-3xl font-bold text-brand-950'

/**
 * `/applications/card-payment?session=…`: where the card page sends the member back. What it says
 * comes from the server (which asks Stripe), never from having been redirected here.
 */
export function CardPaymentReturnPage() {
  const [params] = useSearchParams()
  const id = params.get('session') ?? ''
  const query = useQuery({
    query: CardCheckoutQuery,
    variables: { id },
    pause: !id,
    requestPolicy: 'network-only',
  })
  const refetch = query[1]
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Card payment · Stagedoor</title>
      {!id ? (
        <>
          <h1 className={heading}>Card payment</h1>
          <p className="mt-4 text-slate-800">This link does not name a card payment.</p>
        </>
      ) : (
        <QueryView
          query={query}
          loadingLabel="Checking your card payment…"
          what="your card payment"
          level={1}
        >
          {({ cardCheckout }) => (
            <>
              <h1 className={heading}>
                {cardCheckout.status === 'PAID'
                  ? 'Paid'
                  : cardCheckout.status === 'EXPIRED'
                    ? 'Not paid'
                    : 'Not paid yet'}
              </h1>
              <Panel className="mt-6">
                <p className="text-lg text-slate-900" aria-live="polite">
                  {cardCheckout.status === 'PAID'
                    ? `Thank you: your card payment of ${formatPence(cardCheckout.amountPence)} is confirmed.`
                    : cardCheckout.status === 'EXPIRED'
                      ? 'This card payment was not completed and has closed; nothing was taken. You can start again from your applications.'
                      : 'Not paid yet — we’ll update this when the card payment is confirmed.'}
                </p>
                <ul className="mt-3 divide-y divide-slate-200 text-sm">
                  {cardCheckout.lines.map((line) => (
                    <li key={line.key} className="flex justify-between gap-2 py-1.5">
                      <span>{line.label}</span>
                      <span className="font-semibold">{formatPence(line.amountPence)}</span>
                    </li>
                  ))}
                </ul>
                <div className="mt-6 flex flex-wrap gap-3">
                  {cardCheckout.status === 'OPEN' ? (
                    <Button
                      onClick={() => refetch({ requestPolicy: 'network-only' })}
                      pending={query[0].fetching}
                    >
                      Check again
                    </Button>
                  ) : null}
                  <ButtonLink
                    to="/applications"
                    variant={cardCheckout.status === 'OPEN' ? 'secondary' : 'primary'}
                  >
                    My applications
                  </ButtonLink>
                </div>
              </Panel>
            </>
          )}
        </QueryView>
      )}
    </div>
  )
}
