import { ChartColumn, Mail } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { useNow } from '#client/lib/use-now.ts'
import toast from 'react-hot-toast'
import { Link, useParams } from 'react-router'
import { useMutation, useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { formatPence } from '#core/applications/payments.ts'
import type { AcceptanceOverviewQuery as OverviewData } from '#client/gql/graphql.ts'
import { formatCountdown, formatDateTime } from '#client/lib/format.ts'
import {
  ACTION_LABELS,
  applyFilters,
  capacityPercent,
  responseLabel,
  selectionState,
  toggleAll,
  toggleOne,
  visibleSelection,
  type BulkAction,
} from '../acceptance-logic.ts'
import { AcceptanceOverviewQuery, PromoteFromWaitlistMutation } from '../graphql/acceptance.query.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { DecisionDialog } from './decision-dialog.tsx'
import { LateApplicationForm } from './late-application-form.tsx'
import { PaymentDialog } from './payment-dialog.tsx'

type Overview = OverviewData['acceptanceOverview']
type Entry = Overview['applications'][number]
type TypeSummary = Overview['types'][number]

const panel = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-6'
const select =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700'

const STATUS_OPTIONS = [
  'SUBMITTED',
  'WAITLISTED',
  'OFFERED',
  'CONFIRMED',
  'PAID',
  'DECLINED',
  'REJECTED',
  'EXPIRED',
  'WITHDRAWN',
  'CANCELLED',
]
const statusLabel = (status: string) => status.charAt(0) + status.slice(1).toLowerCase()

function CapacityCard({
  type,
  eventSlug,
  onPromoted,
}: {
  type: TypeSummary
  eventSlug: string
  onPromoted: () => void
}) {
  const [promoting, promote] = useMutation(PromoteFromWaitlistMutation)
  const percent = capacityPercent(type.placesHeld, type.capacity)
  const labelId = useId()
  async function onPromote() {
    const result = await promote({ eventSlug, type: type.key })
    if (result.error) toast.error(result.error.graphQLErrors[0]?.message ?? 'Could not promote.')
    else if (!result.data?.promoteFromWaitlist) toast('Nobody is on the waiting list.')
    else {
      toast.success('The next on the waiting list has been offered a place.')
      onPromoted()
    }
  }
  return (
    <li className={panel}>
      <h3 id={labelId} className="font-bold text-brand-950">
        {type.label}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {type.capacity
          ? `${type.placesHeld} of ${type.capacity} places held, ${type.placesLeft} left`
          : `${type.placesHeld} places held (no capacity set)`}
      </p>
      {percent !== null ? (
        <div
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={type.capacity ?? 0}
          aria-valuenow={type.placesHeld}
          aria-valuetext={`${type.placesHeld} of ${type.capacity} places held`}
          className="mt-2 h-3 overflow-hidden rounded-full bg-brand-100"
        >
          <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      <p className="mt-2 text-sm text-slate-700">
        {type.counts.submitted} submitted · {type.counts.offered} offered ·{' '}
        {type.counts.confirmed + type.counts.paid} confirmed · {type.counts.waitlisted} waiting
      </p>
      <Button
        variant="secondary"
        className="mt-3"
        onClick={onPromote}
        pending={promoting.fetching}
        disabled={type.counts.waitlisted === 0}
      >
        Promote from waitlist<span className="sr-only"> ({type.label})</span>
      </Button>
    </li>
  )
}

function ApplicationsTable({
  overview,
  timeZone,
  refresh,
}: {
  overview: Overview
  timeZone: string
  refresh: () => void
}) {
  const [filters, setFilters] = useState({ type: '', status: '' })
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [dialog, setDialog] = useState<
    { kind: 'decide'; action: BulkAction } | { kind: 'pay'; entry: Entry } | null
  >(null)
  const now = useNow(30_000)
  const typeId = useId()
  const statusId = useId()
  const selectAll = useRef<HTMLInputElement>(null)
  const visible = useMemo(
    () => applyFilters(overview.applications, filters),
    [overview.applications, filters],
  )
  const visibleIds = visible.map((e) => e.id)
  const state = selectionState(visibleIds, selected)
  const chosen = visibleSelection(visibleIds, selected)
  const byId = new Map(overview.applications.map((e) => [e.id, e]))
  const typeLabel = (key: string) => overview.types.find((t) => t.key === key)?.label ?? key

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = state === 'some'
  }, [state])

  const chosenTypes = new Set(chosen.map((id) => byId.get(id)?.applicationType))
  const expiryDays = Math.min(
    ...[...chosenTypes].map((key) => overview.types.find((t) => t.key === key)?.offerExpiryDays ?? 7),
    60,
  )

  function done(message: string) {
    setDialog(null)
    setSelected(new Set())
    toast.success(message)
    refresh()
  }

  return (
    <section aria-labelledby="applications-heading" className="mt-8">
      <h2 id="applications-heading" className="text-xl font-bold text-brand-950">
        Applications
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={typeId} className="block text-sm font-semibold text-slate-900">
            Type
          </label>
          <select
            id={typeId}
            className={select}
            value={filters.type}
            onChange={(e) => setFilters({ ...filters, type: e.target.value })}
          >
            <option value="">Every type</option>
            {overview.types.map((t) => (
              <option key={t.key} value={t.key}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={statusId} className="block text-sm font-semibold text-slate-900">
            Status
          </label>
          <select
            id={statusId}
            className={select}
            value={filters.status}
            onChange={(e) => setFilters({ ...filters, status: e.target.value })}
          >
            <option value="">Every status</option>
            {STATUS_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div role="toolbar" aria-label="Bulk actions" className="mt-4 flex flex-wrap items-center gap-3">
        <span aria-live="polite" className="text-sm font-semibold text-slate-900">
          {chosen.length} selected
        </span>
        {(['OFFER', 'WAITLIST', 'REJECT'] as const).map((action) => (
          <Button
            key={action}
            variant={action === 'OFFER' ? 'primary' : 'secondary'}
            disabled={chosen.length === 0}
            onClick={() => setDialog({ kind: 'decide', action })}
          >
            {ACTION_LABELS[action].verb}…
          </Button>
        ))}
      </div>
      {overview.applications.length === 0 ? (
        <p className={`${panel} mt-4 text-slate-700`}>No applications yet.</p>
      ) : visible.length === 0 ? (
        <p className={`${panel} mt-4 text-slate-700`}>No applications match these filters.</p>
      ) : (
        <div className="relative mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-brand-100">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Applications, {visible.length} shown</caption>
            <thead className="bg-brand-50 text-slate-800">
              <tr>
                <th scope="col" className="p-3">
                  <input
                    ref={selectAll}
                    type="checkbox"
                    aria-label="Select all shown"
                    className="size-4"
                    checked={state === 'all'}
                    onChange={() => setSelected(toggleAll(visibleIds, selected))}
                  />
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Name
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Type
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Response
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Owed
                </th>
                <th scope="col" className="p-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((entry) => (
                <tr key={entry.id} className="border-t border-brand-100">
                  <td className="p-3">
                    <input
                      type="checkbox"
                      className="size-4"
                      aria-label={`Select ${entry.applicantName}`}
                      checked={selected.has(entry.id)}
                      onChange={() => setSelected(toggleOne(entry.id, selected))}
                    />
                  </td>
                  <td className="p-3">
                    <span className="block font-semibold text-brand-950">{entry.applicantName}</span>
                    <span className="block text-slate-700">{entry.applicantEmail}</span>
                  </td>
                  <td className="p-3">{typeLabel(entry.applicationType)}</td>
                  <td className="p-3">
                    {statusLabel(entry.status)}
                    {entry.status === 'OFFERED' ? (
                      <span className="block text-slate-700">
                        offered {formatDateTime(entry.statusChangedAt, timeZone)}
                      </span>
                    ) : null}
                  </td>
                  <td className="p-3">{responseLabel(entry, now, formatCountdown)}</td>
                  <td className="p-3">
                    {entry.owedPence === 0
                      ? '—'
                      : entry.outstandingPence === 0
                        ? 'Paid'
                        : `${formatPence(entry.outstandingPence)} of ${formatPence(entry.owedPence)}`}
                  </td>
                  <td className="p-3">
                    {entry.canRecordPayment && entry.owedPence > 0 ? (
                      <Button variant="secondary" onClick={() => setDialog({ kind: 'pay', entry })}>
                        Record payment<span className="sr-only"> for {entry.applicantName}</span>
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog?.kind === 'decide' ? (
        <DecisionDialog
          eventSlug={overview.eventSlug}
          action={dialog.action}
          selected={chosen.map((id) => ({ id, version: byId.get(id)!.version }))}
          expiryDays={expiryDays}
          timeZone={timeZone}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      ) : null}
      {dialog?.kind === 'pay' ? (
        <PaymentDialog
          applicationId={dialog.entry.id}
          name={dialog.entry.applicantName}
          timeZone={timeZone}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      ) : null}
    </section>
  )
}

/** `/admin/acceptance/{eventSlug}`: capacity per type, offers, waitlist and rejections, payments. */
export function AcceptancePage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  const query = useQuery({
    query: AcceptanceOverviewQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  const [, reexecute] = query
  const timeZone = useSocietyTimeZone()
  const refresh = () => reexecute({ requestPolicy: 'network-only' })
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8 sm:py-12">
      <QueryView
        query={query}
        loadingLabel="Loading the applications…"
        what="the applications"
        notFound={notFound}
      >
        {({ acceptanceOverview: overview }) => (
          <>
            <title>{`Acceptance: ${overview.eventTitle} · Stagedoor`}</title>
            <p className="text-sm">
              <Link to="/admin/acceptance" className="text-brand-800 underline">
                Acceptance
              </Link>
            </p>
            <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
              <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">
                {overview.eventTitle}
              </h1>
              <div className="flex flex-wrap gap-2">
                <Link
                  to={`/admin/acceptance/${encodeURIComponent(overview.eventSlug)}/diversity`}
                  className="inline-flex items-center gap-2 rounded-lg px-3 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
                >
                  <ChartColumn aria-hidden="true" className="size-4" /> Diversity report
                </Link>
                <Link
                  to={`/admin/acceptance/${encodeURIComponent(overview.eventSlug)}/templates`}
                  className="inline-flex items-center gap-2 rounded-lg px-3 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
                >
                  <Mail aria-hidden="true" className="size-4" /> Email templates
                </Link>
              </div>
            </div>
            <section aria-labelledby="capacity-heading" className="mt-6">
              <h2 id="capacity-heading" className="text-xl font-bold text-brand-950">
                Places
              </h2>
              {overview.types.length === 0 ? (
                <p className={`${panel} mt-3 text-slate-700`}>This event has no application types.</p>
              ) : (
                <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {overview.types.map((type) => (
                    <CapacityCard
                      key={type.key}
                      type={type}
                      eventSlug={overview.eventSlug}
                      onPromoted={refresh}
                    />
                  ))}
                </ul>
              )}
            </section>
            {timeZone ? (
              <ApplicationsTable overview={overview} timeZone={timeZone} refresh={refresh} />
            ) : null}
            <LateApplicationForm eventSlug={overview.eventSlug} types={overview.types} onAdded={refresh} />
          </>
        )}
      </QueryView>
    </div>
  )
}
