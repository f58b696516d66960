import { PaymentInstructions } from '#client/components/payments/payment-instructions.tsx'
import { PayByCardButton } from './pay-by-card-button.tsx'
import { ReceiptButton } from '#client/components/payments/receipt-button.tsx'
import { CardPaymentsEnabledQuery } from '../graphql/card-payments.query.ts'
import { useCallback, useState } from 'react'
import { useNow } from '#client/lib/use-now.ts'
import toast from 'react-hot-toast'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { formatPence } from '#core/money.ts'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { StatusBadge } from '#client/components/ui/status-badge.tsx'
import type { MyApplicationsQuery as Data } from '#client/gql/graphql.ts'
import { formatDate, formatDateRange, formatDateTime } from '#client/lib/format.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { formatCountdown } from '../countdown.ts'
import {
  AcceptOfferMutation,
  DeclineOfferMutation,
  MyApplicationsQuery,
  WithdrawApplicationMutation,
} from '../graphql/applications.query.ts'
import { eventName, headingClass } from './application-form-page.tsx'
import { useRefetchOnMyChanges } from '#client/lib/my-changes.ts'

type Application = Data['myApplications'][number]

/** The time left on an offer, ticking every 30 seconds. */
function Countdown({ expiresAt, timeZone }: { expiresAt: string; timeZone?: string }) {
  const now = useNow(30_000)
  const left = formatCountdown(expiresAt, now)
  return (
    <p className="mt-2 text-sm font-medium text-amber-950">
      {left ? (
        <>
          Answer within <strong>{left}</strong> (by {formatDateTime(expiresAt, timeZone)}).
        </>
      ) : (
        'This offer has expired.'
      )}
    </p>
  )
}

/** Confirm before withdrawing, in a modal dialog: focus stays inside and Escape cancels. */
function WithdrawButton({
  application,
  onDone,
}: {
  application: Application
  onDone: (text: string) => void
}) {
  const [open, setOpen] = useState(false)
  const withdraw = useAppMutation(WithdrawApplicationMutation, { report: 'inline' })
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          withdraw.reset()
          setOpen(true)
        }}
      >
        Withdraw application
      </Button>
      {open ? (
        <Dialog title="Withdraw your application?" onClose={() => setOpen(false)}>
          <p className="text-slate-800">
            You will no longer be considered as {application.applicationTypeLabel} for{' '}
            {eventName(application.event)}. This cannot be undone.
          </p>
          {withdraw.message ? (
            <p role="alert" className="mt-2 font-medium text-red-700">
              {withdraw.message}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <Button
              data-autofocus
              pending={withdraw.fetching}
              onClick={async () => {
                const outcome = await withdraw.run({
                  id: application.id,
                  expectedVersion: application.version,
                })
                if (!outcome.ok) return
                setOpen(false)
                onDone('Your application has been withdrawn.')
              }}
            >
              Yes, withdraw
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep my application
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  )
}

function OfferActions({ application, onDone }: { application: Application; onDone: (text: string) => void }) {
  const accept = useAppMutation(AcceptOfferMutation, { report: 'inline' })
  const decline = useAppMutation(DeclineOfferMutation, { report: 'inline' })
  const message = accept.message ?? decline.message
  const run = async (
    action: { run: (v: { id: string }) => Promise<{ ok: boolean }> },
    other: { reset: () => void },
    text: string,
  ) => {
    other.reset()
    const outcome = await action.run({ id: application.id })
    if (outcome.ok) onDone(text)
  }
  return (
    <>
      {application.viewerCan.accept ? (
        <Button
          pending={accept.fetching}
          onClick={() => void run(accept, decline, 'You have accepted your place.')}
        >
          Accept offer
        </Button>
      ) : null}
      {application.viewerCan.decline ? (
        <Button
          variant="secondary"
          pending={decline.fetching}
          onClick={() => void run(decline, accept, 'You have declined the offer.')}
        >
          Decline offer
        </Button>
      ) : null}
      {message ? (
        <p role="alert" className="w-full font-medium text-red-700">
          {message}
        </p>
      ) : null}
    </>
  )
}

function ApplicationCard({
  application,
  timeZone,
  cardPayments,
  onDone,
}: {
  application: Application
  timeZone?: string
  /** Whether "Pay by card" is offered (Stripe keys set on the server). */
  cardPayments: boolean
  onDone: (text: string) => void
}) {
  const { event } = application
  const slug = encodeURIComponent(event.slug)
  const can = application.viewerCan
  return (
    <Panel as="li">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-xl font-bold text-brand-950">
          <Link to={`/events/${slug}`} className="underline-offset-2 hover:underline">
            {eventName(event)}
          </Link>
          <span className="block text-base font-medium text-slate-700">
            {application.applicationTypeLabel}
          </span>
        </h2>
        <StatusBadge status={application.status} audience="member" />
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {formatDateRange(event.startDate, event.endDate, timeZone)}
      </p>
      <p className="text-sm text-slate-700">Applied {formatDateTime(application.submittedAt, timeZone)}</p>
      {application.status === 'OFFERED' && application.offerExpiresAt ? (
        <Countdown expiresAt={application.offerExpiresAt} timeZone={timeZone} />
      ) : null}
      {application.owed.length > 0 && ['CONFIRMED', 'PAID', 'OFFERED'].includes(application.status) ? (
        <div className="mt-4">
          <h3 className="text-base font-semibold text-slate-900">
            {application.status === 'OFFERED' ? 'What you will pay once you accept' : 'What you owe'}
          </h3>
          <ul className="mt-1 divide-y divide-slate-200 text-sm">
            {application.owed.map((line) => (
              <li key={line.key} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span>
                  {line.label}
                  {line.dueDate ? (
                    <span className="text-slate-600"> · due {formatDate(line.dueDate, 'UTC')}</span>
                  ) : null}
                </span>
                <span className="inline-flex flex-wrap items-center justify-end gap-2">
                  <span className={line.paid ? 'text-emerald-800' : 'font-semibold text-slate-900'}>
                    {line.paid
                      ? `Paid ${formatPence(line.amountPence)}`
                      : `${formatPence(line.outstandingPence)} outstanding${line.paidPence ? ` (${formatPence(line.paidPence)} paid)` : ''}`}
                  </span>
                  {cardPayments && !line.paid && ['CONFIRMED', 'PAID'].includes(application.status) ? (
                    <PayByCardButton
                      applicationId={application.id}
                      lineKey={line.key}
                      lineLabel={line.label}
                    />
                  ) : null}
                  {line.paidPence > 0 ? (
                    <ReceiptButton applicationId={application.id} lineKey={line.key} lineLabel={line.label} />
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          {application.outstandingPence > 0 ? (
            <p className="mt-1 text-sm font-semibold">
              Total outstanding: {formatPence(application.outstandingPence)}
              {application.paymentDue ? ` · due ${formatDate(application.paymentDue, 'UTC')}` : ''}
            </p>
          ) : null}
          {application.paymentInstructions ? (
            <PaymentInstructions instructions={application.paymentInstructions} />
          ) : null}
        </div>
      ) : null}
      {can.edit || can.withdraw || can.accept || can.decline ? (
        <div className="mt-4 flex flex-wrap gap-3">
          <OfferActions application={application} onDone={onDone} />
          {can.edit ? (
            <ButtonLink
              to={`/applications/${slug}/${encodeURIComponent(application.applicationType)}?edit=1`}
              variant="secondary"
            >
              Edit answers
            </ButtonLink>
          ) : null}
          {can.withdraw ? <WithdrawButton application={application} onDone={onDone} /> : null}
        </div>
      ) : null}
    </Panel>
  )
}

/**
 * `/applications`: the member's applications with their status, event, dates, what is owed, and
 * only the actions the server says are legal now (`viewerCan`).
 */
export function MyApplicationsPage() {
  const query = useQuery({ query: MyApplicationsQuery, requestPolicy: 'cache-and-network' })
  const refetch = query[1]
  useRefetchOnMyChanges(useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]))
  const timeZone = useSocietyTimeZone()
  const [cards] = useQuery({ query: CardPaymentsEnabledQuery })
  const [announcement, setAnnouncement] = useState('')
  const onDone = (text: string) => {
    setAnnouncement(text)
    toast.success(text)
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <title>My applications · Stagedoor</title>
      <h1 className={headingClass}>My applications</h1>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <QueryView query={query} loadingLabel="Loading your applications…" what="your applications" level={2}>
        {({ myApplications }) =>
          myApplications.length === 0 ? (
            <Panel className="mt-6">
              <p className="text-slate-800">You have not applied to anything yet.</p>
              <div className="mt-4">
                <ButtonLink to="/events">Find an event</ButtonLink>
              </div>
            </Panel>
          ) : (
            <ul className="mt-6 grid gap-4">
              {myApplications.map((application) => (
                <ApplicationCard
                  key={application.id}
                  application={application}
                  timeZone={timeZone}
                  cardPayments={cards.data?.cardPaymentsEnabled === true}
                  onDone={onDone}
                />
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  )
}
