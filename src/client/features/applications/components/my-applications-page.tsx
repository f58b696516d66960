import { useState } from 'react'
import { useNow } from '#client/lib/use-now.ts'
import toast from 'react-hot-toast'
import { Link } from 'react-router'
import { useMutation, useQuery } from 'urql'
import { formatPence } from '#core/applications/payments.ts'
import type { ApplicationStatus } from '#core/applications/status.ts'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { MyApplicationsQuery as Data } from '#client/gql/graphql.ts'
import { formatDateRange, formatDateTime } from '#client/lib/format.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { formatCountdown } from '../countdown.ts'
import {
  AcceptOfferMutation,
  DeclineOfferMutation,
  MyApplicationsQuery,
  WithdrawApplicationMutation,
} from '../graphql/applications.query.ts'
import { eventName, headingClass } from './application-form-page.tsx'

type Application = Data['myApplications'][number]

const STATUS_LABELS: Record<ApplicationStatus, string> = {
  SUBMITTED: 'Submitted',
  WAITLISTED: 'On the waiting list',
  OFFERED: 'Offered a place',
  CONFIRMED: 'Confirmed',
  PAID: 'Paid',
  DECLINED: 'Declined',
  REJECTED: 'Not successful',
  EXPIRED: 'Offer expired',
  WITHDRAWN: 'Withdrawn',
  CANCELLED: 'Cancelled',
}

const STATUS_CLASSES: Partial<Record<ApplicationStatus, string>> = {
  OFFERED: 'bg-amber-100 text-amber-950 ring-amber-300',
  CONFIRMED: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  PAID: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  SUBMITTED: 'bg-brand-50 text-brand-950 ring-brand-200',
  WAITLISTED: 'bg-sky-50 text-sky-950 ring-sky-200',
}

/** An application's status as a badge; the text is the status itself (SUBMITTED…) for e2e and clarity. */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ${STATUS_CLASSES[status] ?? 'bg-slate-100 text-slate-800 ring-slate-300'}`}
    >
      <span className="sr-only">Status: </span>
      {STATUS_LABELS[status]} <span className="ml-1 font-mono text-xs opacity-75">({status})</span>
    </span>
  )
}

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
  const [{ fetching }, withdraw] = useMutation(WithdrawApplicationMutation)
  const [error, setError] = useState<string | null>(null)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Withdraw application
      </Button>
      {open ? (
        <Dialog title="Withdraw your application?" onClose={() => setOpen(false)}>
          <p className="text-slate-800">
            You will no longer be considered as {application.applicationTypeLabel} for{' '}
            {eventName(application.event)}. This cannot be undone.
          </p>
          {error ? (
            <p role="alert" className="mt-2 font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <Button
              data-autofocus
              pending={fetching}
              onClick={async () => {
                const result = await withdraw({ id: application.id, expectedVersion: application.version })
                if (result.error) {
                  setError(
                    result.error.graphQLErrors[0]?.message ?? 'Something went wrong. Please try again.',
                  )
                  return
                }
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
  const [accepting, accept] = useMutation(AcceptOfferMutation)
  const [declining, decline] = useMutation(DeclineOfferMutation)
  const [error, setError] = useState<string | null>(null)
  const run = async (
    action: (v: { id: string }) => Promise<{ error?: { graphQLErrors: { message: string }[] } }>,
    text: string,
  ) => {
    setError(null)
    const result = await action({ id: application.id })
    if (result.error)
      setError(result.error.graphQLErrors[0]?.message ?? 'Something went wrong. Please try again.')
    else onDone(text)
  }
  return (
    <>
      {application.viewerCan.accept ? (
        <Button
          pending={accepting.fetching}
          onClick={() => void run(accept, 'You have accepted your place.')}
        >
          Accept offer
        </Button>
      ) : null}
      {application.viewerCan.decline ? (
        <Button
          variant="secondary"
          pending={declining.fetching}
          onClick={() => void run(decline, 'You have declined the offer.')}
        >
          Decline offer
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="w-full font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  )
}

function ApplicationCard({
  application,
  timeZone,
  onDone,
}: {
  application: Application
  timeZone?: string
  onDone: (text: string) => void
}) {
  const { event } = application
  const slug = encodeURIComponent(event.slug)
  const can = application.viewerCan
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-xl font-bold text-brand-950">
          <Link to={`/events/${slug}`} className="underline-offset-2 hover:underline">
            {eventName(event)}
          </Link>
          <span className="block text-base font-medium text-slate-700">
            {application.applicationTypeLabel}
          </span>
        </h2>
        <StatusBadge status={application.status} />
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
          <h3 className="text-base font-semibold text-slate-900">What you owe</h3>
          <ul className="mt-1 divide-y divide-slate-200 text-sm">
            {application.owed.map((line) => (
              <li key={line.key} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span>
                  {line.label}
                  {line.dueDate ? <span className="text-slate-600"> · due {line.dueDate}</span> : null}
                </span>
                <span className={line.paid ? 'text-emerald-800' : 'font-semibold text-slate-900'}>
                  {line.paid
                    ? `Paid ${formatPence(line.amountPence)}`
                    : `${formatPence(line.outstandingPence)} outstanding${line.paidPence ? ` (${formatPence(line.paidPence)} paid)` : ''}`}
                </span>
              </li>
            ))}
          </ul>
          {application.outstandingPence > 0 ? (
            <p className="mt-1 text-sm font-semibold">
              Total outstanding: {formatPence(application.outstandingPence)}
            </p>
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
    </li>
  )
}

/**
 * `/applications`: the member's applications with their status, event, dates, what is owed, and
 * only the actions the server says are legal now (`viewerCan`).
 */
export function MyApplicationsPage() {
  const query = useQuery({ query: MyApplicationsQuery, requestPolicy: 'cache-and-network' })
  const timeZone = useSocietyTimeZone()
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
            <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
              <p className="text-slate-800">You have not applied to anything yet.</p>
              <div className="mt-4">
                <ButtonLink to="/events">Find an event</ButtonLink>
              </div>
            </div>
          ) : (
            <ul className="mt-6 grid gap-4">
              {myApplications.map((application) => (
                <ApplicationCard
                  key={application.id}
                  application={application}
                  timeZone={timeZone}
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
