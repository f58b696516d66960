import { useState, type ReactNode } from 'react'
import { useParams } from 'react-router'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Notice } from '#client/components/ui/notice.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { TicketShopQuery as Shop } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { AUDIENCE_LABEL, mostTicketsFor, type TicketAudience } from '#core/tickets/tickets.ts'
import { formatPrice } from '#core/money.ts'
import { JoinWaitlistMutation, RequestBallotMutation, TicketShopQuery } from '../graphql/tickets.queries.ts'
import { TicketCheckout } from './ticket-checkout.tsx'

type TicketType = Shop['ticketShop']['types'][number]

/** `/:eventSlug/ticket-sales`: the shop; an event without a published sale shows its content block. */
export function TicketShopPage({ fallback }: { fallback: ReactNode }) {
  const { eventSlug = '' } = useParams()
  const query = useQuery({
    query: TicketShopQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  return (
    <QueryView query={query} loadingLabel="Loading tickets…" what="the tickets" notFound={fallback}>
      {({ ticketShop: shop }) => (
        <div className="mx-auto max-w-3xl px-4 py-8 sm:px-8 sm:py-12">
          <title>{`Tickets · ${shop.eventTitle} · Stagedoor`}</title>
          <p className="text-sm font-medium text-brand-800">{shop.eventTitle}</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Tickets</h1>
          <ul className="mt-6 space-y-4">
            {shop.types.map((type) => (
              <li key={type.id}>
                <TicketTypeCard eventSlug={shop.eventSlug} type={type} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </QueryView>
  )
}

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
      </p>
      <div className="mt-4">
        {type.mode === 'BALLOT' ? (
          <BallotForm eventSlug={eventSlug} type={type} />
        ) : type.left > 0 && type.onSale ? (
          <TicketCheckout eventSlug={eventSlug} type={type} max={Math.min(type.left, mostTicketsFor(type))} />
        ) : type.left === 0 ? (
          <WaitlistForm eventSlug={eventSlug} type={type} />
        ) : (
          <p className="text-sm text-slate-600">Not on sale now.</p>
        )}
      </div>
    </Panel>
  )
}

function QuantityField({
  id,
  max,
  value,
  onChange,
}: {
  id: string
  max: number
  value: number
  onChange: (n: number) => void
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        Tickets
      </label>
      <select
        id={id}
        className={`mt-1.5 ${fieldClass()}`}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {Array.from({ length: Math.max(1, max) }, (_, i) => (
          <option key={i + 1} value={i + 1}>
            {i + 1}
          </option>
        ))}
      </select>
    </div>
  )
}

function BallotForm({ eventSlug, type }: { eventSlug: string; type: TicketType }) {
  const { user } = useAuth()
  const [quantity, setQuantity] = useState(1)
  const [groupCode, setGroupCode] = useState('')
  const [newGroupName, setNewGroupName] = useState('')
  const ask = useAppMutation(RequestBallotMutation, { report: 'inline' })
  const [sent, setSent] = useState<TicketType['myRequest']>(null)
  const mine = sent ?? type.myRequest
  if (mine) {
    return (
      <Notice tone="success">
        You requested {mine.quantity} ticket{mine.quantity === 1 ? '' : 's'}
        {mine.groupName ? ` with the group ${mine.groupName} (code ${mine.groupCode}: share it to join)` : ''}
        .{' '}
        {mine.outcome === 'PENDING'
          ? 'The draw is at the end of the window.'
          : mine.outcome === 'WON'
            ? 'You won: your tickets are on the Tickets page.'
            : 'Not this time: you are on the waitlist.'}
      </Notice>
    )
  }
  if (!type.onSale) return <p className="text-sm text-slate-600">The ballot is not taking requests now.</p>
  if (!user) return <p className="text-sm text-slate-600">Sign in to enter the ballot.</p>
  return (
    <form
      className="grid gap-3 sm:grid-cols-3"
      onSubmit={async (e) => {
        e.preventDefault()
        const r = await ask.run(
          {
            eventSlug,
            ticketTypeId: type.id,
            quantity,
            groupCode: groupCode || null,
            newGroupName: newGroupName || null,
          },
          { success: 'Ballot request sent.' },
        )
        if (r.ok) setSent(r.data.requestBallotTickets)
      }}
    >
      <QuantityField
        id={`bq-${type.id}`}
        max={mostTicketsFor(type)}
        value={quantity}
        onChange={setQuantity}
      />
      <TextField
        label="Join a group (code)"
        value={groupCode}
        onChange={(e) => setGroupCode(e.target.value)}
        hint="Drawn together or not at all."
      />
      <TextField
        label="…or start a group"
        value={newGroupName}
        onChange={(e) => setNewGroupName(e.target.value)}
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
    </form>
  )
}

function WaitlistForm({ eventSlug, type }: { eventSlug: string; type: TicketType }) {
  const { user } = useAuth()
  const join = useAppMutation(JoinWaitlistMutation, { report: 'inline' })
  const [position, setPosition] = useState<number | null>(null)
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
            if (r.ok) setPosition(r.data.joinTicketWaitlist)
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
