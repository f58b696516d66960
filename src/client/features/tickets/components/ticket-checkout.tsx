import { Link } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { Form, Select, TextInput } from '#client/components/ui/form/index.ts'
import { Notice } from '#client/components/ui/notice.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { formatPrice } from '#core/money.ts'
import { EMAIL_CONFIRM_WAIT } from '#core/tickets/email-confirmation.ts'
import { HOLD_MINUTES } from '#core/tickets/tickets.ts'
import { basketQuantityOptions } from '../quantity-options.ts'
import { useTicketBasket, type BasketType, type BasketValues } from '../use-ticket-basket.ts'
import type { UnlockedType } from '../use-basket-voucher.ts'
import { BasketVoucher } from './basket-voucher.tsx'
import { Details } from './ticket-checkout-details.tsx'

/**
 * The shop's basket and checkout (decisions 0022, 0045): how many of each type and one email
 * ("Continue" holds them all for HOLD_MINUTES in one order), then names and payment ("Confirm"). The
 * hold shows a countdown; when it runs out the buyer starts again. "Cancel" lets the hold go at once;
 * leaving the page lets the release job give it back, and the next "Continue" replaces it.
 */
export function TicketCheckout({
  eventSlug,
  types,
  onUnlocked,
}: {
  eventSlug: string
  types: readonly BasketType[]
  /** Hidden types a voucher code unlocked: the shop adds them. */
  onUnlocked?: (types: UnlockedType[]) => void
}) {
  const { step, setStep, form, hold, user, submit, setFocusTarget, count, priced, voucher, applyVoucher } =
    useTicketBasket(eventSlug, types, onUnlocked)
  const headingId = `basket-${eventSlug}`

  if (step.kind === 'done') {
    return (
      <Panel as="section" aria-labelledby={headingId}>
        <h2 id={headingId} ref={setFocusTarget} tabIndex={-1} className="text-lg font-semibold outline-none">
          Your order
        </h2>
        <Notice tone="success">{step.message}</Notice>
        {step.orderToken ? (
          <Link
            className="mt-2 inline-block font-semibold text-brand-800 underline"
            to={`/tickets/order/${encodeURIComponent(step.orderToken)}`}
          >
            See your order
          </Link>
        ) : null}
      </Panel>
    )
  }
  if (step.kind === 'lapsed') {
    return (
      <Panel as="section" aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold">
          Your basket
        </h2>
        <div ref={setFocusTarget} tabIndex={-1} className="outline-none">
          <p role="alert" className="text-sm text-slate-800">
            Your {HOLD_MINUTES} minutes ran out, so the tickets went back on sale. Nothing was bought.
          </p>
          <Button className="mt-2" variant="secondary" onClick={() => setStep({ kind: 'choose' })}>
            Start again
          </Button>
        </div>
      </Panel>
    )
  }
  if (step.kind === 'details') {
    return (
      <Panel as="section" aria-label="Checkout">
        <Details
          eventSlug={eventSlug}
          held={step.held}
          headingRef={setFocusTarget}
          onDone={(message, orderToken) => setStep({ kind: 'done', message, orderToken })}
          onLapsed={() => setStep({ kind: 'lapsed' })}
          onCancelled={() => setStep({ kind: 'choose' })}
        />
      </Panel>
    )
  }
  return (
    <Panel as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Your basket
      </h2>
      <Form form={form} onSubmit={submit} idPrefix={headingId} summary={false} className="mt-3 grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          {types.map((type) => (
            <Select<BasketValues>
              key={type.id}
              name={`quantities.${type.id}`}
              label={`${type.name} tickets`}
              hint={`${formatPrice(type.pricePence)} each`}
              options={basketQuantityOptions(type.max)}
            />
          ))}
        </div>
        {user ? (
          <p className="text-sm text-slate-600">Sent to {user.email}</p>
        ) : (
          <TextInput<BasketValues>
            name="email"
            label="Email for the tickets"
            type="email"
            required
            autoComplete="email"
            hint="The tickets go only to this address."
          />
        )}
        <div>
          <BasketVoucher
            count={count}
            priced={priced}
            applied={voucher.applied}
            checking={voucher.checking}
            failed={voucher.failed}
            onApply={() => void applyVoucher()}
          />
          <Button className="mt-2" type="submit" pending={hold.fetching}>
            Continue with {count} ticket{count === 1 ? '' : 's'}
          </Button>
          <p className="mt-1 text-sm text-slate-600">
            We hold them for you for {HOLD_MINUTES} minutes while you finish
            {user ? '.' : `, then you confirm from the link we email you within ${EMAIL_CONFIRM_WAIT}.`}
          </p>
          {hold.message ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {hold.message}
            </p>
          ) : null}
        </div>
      </Form>
    </Panel>
  )
}
