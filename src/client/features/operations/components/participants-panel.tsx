import { Download, Mail, Printer } from 'lucide-react'
import { useId, useState } from 'react'
import toast from 'react-hot-toast'
import { useClient } from 'urql'
import { formatPence } from '#core/money.ts'
import { isOneOf } from '#core/closed-set.ts'
import type { ApplicationStatus } from '#core/applications/status.ts'
import { statusLabel } from '#core/applications/status-wording.ts'
import {
  filterParticipants,
  OPERATIONS_TABS,
  PARTICIPANT_COLUMNS,
  type OperationsTab,
  type ParticipantFilter,
  type ParticipantSortKey,
} from '#core/operations/participants.ts'
import { Button } from '#client/components/ui/button.tsx'
import { DataTable, type DataColumn, type TableSort } from '#client/components/ui/data-table.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { PaymentDialog } from '#client/components/payments/payment-dialog.tsx'
import { EmailText } from '#client/components/ui/email-text.tsx'
import { StatusBadge } from '#client/components/ui/status-badge.tsx'
import type { OperationsOverviewQuery } from '#client/gql/graphql.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { OperationsCsvQuery } from '../graphql/operations.query.ts'
import { MessageDialog } from './message-dialog.tsx'

type Overview = OperationsOverviewQuery['operationsOverview']
type Participant = Overview['participants'][number]

const select = `mt-1 ${fieldClass()}`

/** A tab of participants: filter, search, sort, CSV of exactly what is shown, print, payments. */
export function ParticipantsPanel({
  overview,
  tab,
  refresh,
}: {
  overview: Overview
  tab: OperationsTab
  refresh: () => void
}) {
  const client = useClient()
  const [status, setStatus] = useState<ApplicationStatus | ''>('')
  const [part, setPart] = useState('')
  const [type, setType] = useState('')
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<TableSort>({ key: 'name', direction: 'ascending' })
  const [paying, setPaying] = useState<Participant | null>(null)
  const timeZone = useSocietyTimeZone()
  const [exporting, setExporting] = useState(false)
  const [messaging, setMessaging] = useState(false)
  const ids = { status: useId(), part: useId(), type: useId(), search: useId() }
  const filter: ParticipantFilter = {
    tab,
    status: status || null,
    part: part || null,
    type: type || null,
    search: search || null,
    sort: sort.key as ParticipantSortKey,
    descending: sort.direction === 'descending',
  }
  const rows = overview.participants.map((p) => ({ ...p, status: p.status as ApplicationStatus }))
  const shown = filterParticipants(rows, filter)
  const parts = [...new Set(overview.participants.map((p) => p.part).filter(Boolean))].sort() as string[]

  async function exportCsv() {
    setExporting(true)
    const result = await client
      .query(
        OperationsCsvQuery,
        { eventSlug: overview.eventSlug, ...filter },
        { requestPolicy: 'network-only' },
      )
      .toPromise()
    setExporting(false)
    const text = result.data?.operationsCsv
    if (text === undefined) return
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
    const a = document.createElement('a')
    a.href = url
    a.download = `${overview.eventSlug}-${tab}.csv`
    a.click()
    URL.revokeObjectURL(url)
  }

  const money = (pence: number) => formatPence(pence)
  const columns: DataColumn<(typeof shown)[number]>[] = [
    // The email under the name, as on Acceptance: one column fewer keeps the payment button in view.
    {
      key: 'name',
      header: PARTICIPANT_COLUMNS[0],
      rowHeader: true,
      sortable: true,
      cell: (r) => (
        <>
          <span className="block font-semibold text-brand-950">{r.name}</span>
          <EmailText email={r.email} className="block text-slate-700" />
        </>
      ),
    },
    { key: 'type', header: PARTICIPANT_COLUMNS[2], sortable: true, cell: (r) => r.typeLabel },
    { key: 'part', header: PARTICIPANT_COLUMNS[3], sortable: true, cell: (r) => r.part ?? '' },
    {
      key: 'status',
      header: PARTICIPANT_COLUMNS[4],
      sortable: true,
      cell: (r) => <StatusBadge status={r.status} audience="staff" size="sm" />,
    },
    { key: 'owed', header: PARTICIPANT_COLUMNS[5], align: 'end', cell: (r) => money(r.owedPence) },
    { key: 'paid', header: PARTICIPANT_COLUMNS[6], align: 'end', cell: (r) => money(r.paidPence) },
    {
      key: 'outstanding',
      header: PARTICIPANT_COLUMNS[7],
      align: 'end',
      sortable: true,
      cell: (r) => (
        <span className={r.overdue ? 'font-semibold text-red-800' : undefined}>
          {money(r.outstandingPence)}
          {r.overdue ? ' (overdue)' : ''}
        </span>
      ),
    },
    { key: 'dietary', header: PARTICIPANT_COLUMNS[8], cell: (r) => r.dietary },
    { key: 'access', header: PARTICIPANT_COLUMNS[9], cell: (r) => r.access },
  ]
  if (tab === 'participants') {
    columns.push({
      key: 'pay',
      header: 'Payment',
      hideHeader: true,
      className: 'print:hidden',
      headerClassName: 'print:hidden',
      cell: (r) =>
        r.owedPence > 0 ? (
          <Button variant="secondary" onClick={() => setPaying(r)}>
            Record payment<span className="sr-only"> for {r.name}</span>
          </Button>
        ) : null,
    })
  }

  return (
    <section aria-label={tab === 'participants' ? 'Participants' : 'Offered and waitlisted'}>
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <div>
          <label htmlFor={ids.status} className="block text-sm font-semibold text-slate-900">
            Status
          </label>
          <select
            id={ids.status}
            className={select}
            value={status}
            onChange={(e) => setStatus(isOneOf(OPERATIONS_TABS[tab], e.target.value) ? e.target.value : '')}
          >
            <option value="">All</option>
            {OPERATIONS_TABS[tab].map((s) => (
              <option key={s} value={s}>
                {statusLabel(s, 'staff')}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.part} className="block text-sm font-semibold text-slate-900">
            Part
          </label>
          <select id={ids.part} className={select} value={part} onChange={(e) => setPart(e.target.value)}>
            <option value="">All</option>
            {parts.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.type} className="block text-sm font-semibold text-slate-900">
            Type
          </label>
          <select id={ids.type} className={select} value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">All</option>
            {overview.types.map((t) => (
              <option key={t.key} value={t.key}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-48 flex-1">
          <label htmlFor={ids.search} className="block text-sm font-semibold text-slate-900">
            Search
          </label>
          <input
            id={ids.search}
            type="search"
            className={select}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Name, email, part or needs"
          />
        </div>
        <Button variant="secondary" onClick={() => void exportCsv()} pending={exporting}>
          <Download aria-hidden="true" className="size-4" /> Export CSV
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" /> Print
        </Button>
        <Button variant="secondary" onClick={() => setMessaging(true)} disabled={!shown.length}>
          <Mail aria-hidden="true" className="size-4" /> Message…
        </Button>
      </div>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {shown.length} shown
      </p>
      <div className="mt-2">
        <DataTable
          caption={tab === 'participants' ? 'Participants' : 'Offered and waitlisted'}
          columns={columns}
          rows={shown}
          rowKey={(r) => r.id}
          sort={sort}
          onSortChange={setSort}
          density="compact"
        />
      </div>
      {messaging ? (
        <MessageDialog
          eventSlug={overview.eventSlug}
          filter={{ tab, status: filter.status, part: filter.part, type: filter.type, search: filter.search }}
          count={shown.length}
          onClose={() => setMessaging(false)}
        />
      ) : null}
      {paying && timeZone ? (
        <PaymentDialog
          applicationId={paying.id}
          name={paying.name}
          timeZone={timeZone}
          onClose={() => setPaying(null)}
          onDone={(message) => {
            toast.success(message)
            setPaying(null)
            refresh()
          }}
        />
      ) : null}
    </section>
  )
}
