import { Button } from '#client/components/ui/button.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { StartCardCheckoutMutation } from '../graphql/card-payments.query.ts'

/**
 * "Pay by card" on an owed line: the server starts a Stripe Checkout for what is outstanding and
 * the browser goes to the hosted card page (no card number ever reaches Stagedoor).
 */
export function PayByCardButton({
  applicationId,
  lineKey,
  lineLabel,
}: {
  applicationId: string
  lineKey: string
  lineLabel: string
}) {
  const start = useAppMutation(StartCardCheckoutMutation, { report: 'inline' })
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        aria-label={`Pay by card: ${lineLabel}`}
        pending={start.fetching}
        onClick={async () => {
          const outcome = await start.run({ applicationId, lineKeys: [lineKey] })
          if (outcome.ok) window.location.assign(outcome.data.startCardCheckout.url)
        }}
      >
        Pay by card
      </Button>
      {start.message ? (
        <span role="alert" className="text-sm font-medium text-red-700">
          {start.message}
        </span>
      ) : null}
    </span>
  )
}
