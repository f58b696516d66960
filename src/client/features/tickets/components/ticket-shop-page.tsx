import { useState, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useParams } from 'react-router'
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
import {
  AUDIENCE_LABEL,
  mostTicketsFor,
  purchaseInputSchema,
  type TicketAudience,
} from '#core/tickets/tickets.ts'
import { JoinWaitlistMutation, RequestBallotMutation, TicketShopQuery } from '../graphql/tickets.queries.ts'
import { quantityOptions } from '../quantity-options.ts'
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

function BallotForm({ eventSlug, type }: { eventSlug: string; type: TicketType }) {
  const { user } = useAuth()
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
  return <BallotRequest eventSlug={eventSlug} type={type} onSent={setSent} />
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
      <TextInput<BallotValues> name="newGroupName" label="…or start a group" disabled={Boolean(groupCode)} />
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
