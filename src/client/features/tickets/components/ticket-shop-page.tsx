import { useState, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { Form, Select, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import { Notice } from '#client/components/ui/notice.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { TicketShopQuery as Shop } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { formatPrice } from '#core/money.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { ballotNote } from '#core/tickets/status-wording.ts'
import {
  AUDIENCE_LABEL,
  mostTicketsFor,
  purchaseInputSchema,
  type TicketAudience,
} from '#core/tickets/tickets.ts'
import { JoinWaitlistMutation, RequestBallotMutation, TicketShopQuery } from '../graphql/tickets.queries.ts'
import { quantityOptions } from '../quantity-options.ts'
import { TicketCheckout } from './ticket-checkout.tsx'
import { TicketShopHeader } from './ticket-shop-header.tsx'

type TicketType = Shop['ticketShop']['types'][number]

/** `/:eventSlug/ticket-sales`: the shop; an event without a published sale shows its content block. */
export function TicketShopPage({ fallback }: { fallback: ReactNode }) {
  const { eventSlug = '' } = useParams()
  const query = useQuery({
    query: TicketShopQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  // Hidden types a voucher code unlocked in the basket (decision 0049).
  const [unlocked, setUnlocked] = useState<TicketType[]>([])
  const withUnlocked = (types: readonly TicketType[]) => [
    ...types,
    ...unlocked.filter((u) => !types.some((t) => t.id === u.id)),
  ]
  return (
    <QueryView query={query} loadingLabel="Loading tickets…" what="the tickets" notFound={fallback}>
      {({ ticketShop: shop }) => (
        <div className="mx-auto max-w-3xl px-4 py-8 sm:px-8 sm:py-12">
          <title>{`Tickets · ${shop.eventTitle} · Stagedoor`}</title>
          <TicketShopHeader shop={shop} />
          <ul className="mt-6 space-y-4">
            {withUnlocked(shop.types).map((type) => (
              <li key={type.id}>
                <TicketTypeCard eventSlug={shop.eventSlug} type={type} />
              </li>
            ))}
          </ul>
          {basketTypes(withUnlocked(shop.types)).length > 0 ? (
            <div className="mt-6">
              <TicketCheckout
                eventSlug={shop.eventSlug}
                types={basketTypes(withUnlocked(shop.types))}
                onUnlocked={setUnlocked}
              />
            </div>
          ) : null}
        </div>
      )}
    </QueryView>
  )
}

/** How many more of a type this buyer may take: what is left, less what their limit has used. */
const mostForMe = (type: TicketType) => Math.min(type.left, mostTicketsFor(type, type.myTicketCount))
/** First-come types on sale with tickets left that this buyer may still take: the basket's lines. */
const isBuyable = (type: TicketType) =>
  type.mode !== 'BALLOT' && type.left > 0 && type.onSale && mostForMe(type) > 0
const basketTypes = (types: readonly TicketType[]) =>
  types.filter(isBuyable).map((type) => ({
    id: type.id,
    name: type.name,
    pricePence: type.pricePence,
    max: mostForMe(type),
  }))

function TicketTypeCard({ eventSlug, type }: { eventSlug: string; type: TicketType }) {
  const headingId = `type-${type.id}`
  return (
    <Panel as="section" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {type.name}
        </h2>
        <p className="font-semibold text-slate-900">{formatPrice(type.pricePence)}</p>
      </div>
      {type.info ? <p className="mt-1 text-sm text-slate-600">{type.info}</p> : null}
      <p className="mt-1 text-sm text-slate-600">
        {AUDIENCE_LABEL[type.audience as TicketAudience]} ·{' '}
        {type.mode === 'BALLOT' ? 'Ballot' : type.left > 0 ? `${type.left} left` : 'Sold out'} · up to{' '}
        {type.perPersonLimit} per person
        {type.myTicketCount > 0 ? ` · you have ${type.myTicketCount}` : ''}
      </p>
      <div className="mt-4">
        {type.mode === 'BALLOT' ? (
          <BallotForm eventSlug={eventSlug} type={type} />
        ) : isBuyable(type) ? (
          <p className="text-sm text-slate-600">Choose how many in your basket below.</p>
        ) : type.left > 0 && type.onSale ? (
          <p className="text-sm text-slate-600">
            You have the most {type.name} tickets one person may have.{' '}
            <Link to="/tickets" className="font-semibold text-brand-800 underline underline-offset-2">
              Your tickets
            </Link>
          </p>
        ) : type.left === 0 ? (
          <WaitlistForm eventSlug={eventSlug} type={type} />
        ) : (
          <p className="text-sm text-slate-600">Not on sale now.</p>
        )}
      </div>
    </Panel>
  )
}

function BallotForm({ eventSlug, type }: { eventSlug: string; type: TicketType }) {
  const { user } = useAuth()
  const timeZone = useSocietyTimeZone()
  const [sent, setSent] = useState<TicketType['myRequest']>(null)
  const mine = sent ?? type.myRequest
  if (mine) {
    return (
      <Notice tone="success">
        You requested {mine.quantity} ticket{mine.quantity === 1 ? '' : 's'}
        {mine.groupName ? ` with the group ${mine.groupName} (code ${mine.groupCode}: share it to join)` : ''}
        . {ballotNote(mine.outcome, type.saleEndsAt ? formatDateTime(type.saleEndsAt, timeZone) : null)}
      </Notice>
    )
  }
  if (!type.onSale) return <p className="text-sm text-slate-600">The ballot is not taking requests now.</p>
  // The draw's window before the form: when requests close, and what happens then.
  const drawWindow = (
    <p className="mb-3 text-sm text-slate-700">
      {ballotNote('PENDING', type.saleEndsAt ? formatDateTime(type.saleEndsAt, timeZone) : null)}
    </p>
  )
  if (!user)
    return (
      <>
        {drawWindow}
        <p className="text-sm text-slate-600">Sign in to enter the ballot.</p>
      </>
    )
  return (
    <>
      {drawWindow}
      <BallotRequest eventSlug={eventSlug} type={type} onSent={setSent} />
    </>
  )
}

interface BallotValues {
  /** As the select holds it: "1", "2"… */
  quantity: string
  groupCode: string
  newGroupName: string
}

/** How many tickets to ask for, and a group to be drawn with (joined by code, or started). */
function BallotRequest({
  eventSlug,
  type,
  onSent,
}: {
  eventSlug: string
  type: TicketType
  onSent: (request: TicketType['myRequest']) => void
}) {
  const ask = useAppMutation(RequestBallotMutation, { report: 'inline' })
  const form = useForm<BallotValues>({
    defaultValues: { quantity: '1', groupCode: '', newGroupName: '' },
    resolver: zodResolver<BallotValues>(purchaseInputSchema.pick({ quantity: true }), {
      toInput: (values) => ({ quantity: Number(values.quantity) }),
    }),
  })
  const [quantityText, groupCode] = useWatch({ control: form.control, name: ['quantity', 'groupCode'] })
  const quantity = Number(quantityText)
  const submit = async (values: BallotValues) => {
    const r = await ask.run(
      {
        eventSlug,
        ticketTypeId: type.id,
        quantity: Number(values.quantity),
        groupCode: values.groupCode.trim() || null,
        newGroupName: values.groupCode.trim() ? null : values.newGroupName.trim() || null,
      },
      { success: 'Ballot request sent.', form: { setError: form.setError } },
    )
    if (r.ok) onSent(r.data.requestBallotTickets)
  }
  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix={`bq-${type.id}`}
      summary={false}
      className="grid gap-3 sm:grid-cols-3"
    >
      <Select<BallotValues> name="quantity" label="Tickets" options={quantityOptions(mostTicketsFor(type))} />
      <TextInput<BallotValues>
        name="groupCode"
        label="Join a group (code)"
        hint="Drawn together or not at all."
      />
      <TextInput<BallotValues>
        name="newGroupName"
        label="…or start a group"
        hint="Name it; you get a code to share, and everyone who joins with it is drawn together."
        disabled={Boolean(groupCode)}
      />
      <div className="sm:col-span-3">
        <Button type="submit" pending={ask.fetching}>
          Request {quantity} ticket{quantity === 1 ? '' : 's'}
        </Button>
        {ask.message ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {ask.message}
          </p>
        ) : null}
      </div>
    </Form>
  )
}

function WaitlistForm({ eventSlug, type }: { eventSlug: string; type: TicketType }) {
  const { user } = useAuth()
  const join = useAppMutation(JoinWaitlistMutation, { report: 'inline' })
  const [joined, setJoined] = useState<number | null>(null)
  const position = joined ?? type.myWaitlistPosition
  if (position) return <Notice tone="success">You are number {position} on the waitlist.</Notice>
  return (
    <div>
      <p className="text-sm text-slate-600">
        Sold out. {type.waitlistLength} waiting; tickets that come back are offered in turn.
      </p>
      {user ? (
        <Button
          className="mt-2"
          variant="secondary"
          pending={join.fetching}
          onClick={async () => {
            const r = await join.run({ eventSlug, ticketTypeId: type.id, quantity: 1 })
            if (r.ok) setJoined(r.data.joinTicketWaitlist)
          }}
        >
          Join the waitlist
        </Button>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Sign in to join the waitlist.</p>
      )}
      {join.message ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {join.message}
        </p>
      ) : null}
    </div>
  )
}
