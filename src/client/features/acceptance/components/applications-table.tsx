import { useEffect, useId, useMemo, useRef, useState } from 'react'
import toast from 'react-hot-toast'
import { useSearchParams } from 'react-router'
import { BULK_ACTIONS, DECISION_WORDING, type BulkAction } from '#core/applications/acceptance-wording.ts'
import { soonestOfferExpiresAt } from '#core/applications/offer-expiry.ts'
import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'
import { applicationTypeLabel, statusLabel } from '#core/applications/status-wording.ts'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Button } from '#client/components/ui/button.tsx'
import { DataTable, type TableSort } from '#client/components/ui/data-table.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { sortRows } from '#client/components/ui/sort-rows.ts'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { AcceptanceOverviewQuery as OverviewData } from '#client/gql/graphql.ts'
import { useNow } from '#client/lib/use-now.ts'
import { applyFilters, selectionState, visibleSelection } from '../acceptance-logic.ts'
import { useApplicationColumns, type Entry } from './applications-columns.tsx'
import { DecisionDialog } from './decision-dialog.tsx'
import { PaymentDialog } from '#client/components/payments/payment-dialog.tsx'

type Overview = OverviewData['acceptanceOverview']
type SortKey = 'name' | 'type' | 'status' | 'voicePart' | 'part' | 'score' | 'date' | 'owed'

/** Rows per page: long lists are paged so the page stays short. */
const PAGE_SIZE = 25

const select = `mt-1 ${fieldClass()}`

/** Applications filtered by type and status, sortable, selected for bulk decisions, paid for. */
export function ApplicationsTable({
  overview,
  timeZone,
  refresh,
}: {
  overview: Overview
  timeZone: string
  refresh: () => void
}) {
  const [filters, setFilters] = useState({ type: '', status: '', search: '' })
  const [sort, setSortState] = useState<TableSort | null>({ key: 'name', direction: 'ascending' })
  // null until someone pages: then the page of the linked application (if any), else the first.
  const [page, setPage] = useState<number | null>(null)
  const setSort = (next: TableSort | null) => {
    setSortState(next)
    setPage(0)
  }
  // `?application=<id>` (the dashboard's expiring-offer line): that application selected, on its page.
  const [params] = useSearchParams()
  const wanted = params.get('application')
  const [selected, setSelected] = useState<Set<string>>(() =>
    wanted && overview.applications.some((e) => e.id === wanted) ? new Set([wanted]) : new Set(),
  )
  const [dialog, setDialog] = useState<
    { kind: 'decide'; action: BulkAction } | { kind: 'pay'; entry: Entry } | null
  >(null)
  const now = useNow(30_000)
  const typeId = useId()
  const statusId = useId()
  const selectAll = useRef<HTMLInputElement>(null)
  const typeLabel = (key: string) => applicationTypeLabel(key, overview.types)
  const visible = useMemo(
    () =>
      sortRows(applyFilters(overview.applications, filters), sort as TableSort<SortKey> | null, {
        name: (e) => e.applicantName,
        type: (e) => applicationTypeLabel(e.applicationType, overview.types),
        status: (e) => APPLICATION_STATUSES.indexOf(e.status as ApplicationStatus),
        voicePart: (e) => e.voicePart,
        part: (e) => e.part,
        score: (e) => e.averageScore,
        date: (e) => new Date(e.submittedAt),
        owed: (e) => e.outstandingPence,
      }),
    [overview.applications, overview.types, filters, sort],
  )
  const wantedAt = wanted ? visible.findIndex((e) => e.id === wanted) : -1
  const pages = Math.max(1, Math.ceil(visible.length / PAGE_SIZE))
  const pageIndex = Math.min(page ?? (wantedAt >= 0 ? Math.floor(wantedAt / PAGE_SIZE) : 0), pages - 1)
  const shown = visible.slice(pageIndex * PAGE_SIZE, (pageIndex + 1) * PAGE_SIZE)
  const visibleIds = visible.map((e) => e.id)
  // "Select all shown" is this page's rows; what is chosen is every selected row the filters show.
  const pageIds = shown.map((e) => e.id)
  const state = selectionState(pageIds, selected)
  const chosen = visibleSelection(visibleIds, selected)
  const byId = new Map(overview.applications.map((e) => [e.id, e]))

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = state === 'some'
  }, [state])

  const chosenTypes = new Set(chosen.map((id) => byId.get(id)?.applicationType))
  const suggestedExpiry = soonestOfferExpiresAt(
    now,
    [...chosenTypes].map((key) => overview.types.find((t) => t.key === key)),
  )

  function done(message: string) {
    setDialog(null)
    setSelected(new Set())
    toast.success(message)
    refresh()
  }

  const columns = useApplicationColumns({
    timeZone,
    now,
    typeLabel,
    pageIds,
    selected,
    state,
    selectAll,
    setSelected,
    onPay: (entry) => setDialog({ kind: 'pay', entry }),
  })

  return (
    <section aria-labelledby="applications-heading" className="mt-8">
      <h2 id="applications-heading" className="text-xl font-bold text-brand-950">
        Applications
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <TextField
          label="Search name or email"
          type="search"
          value={filters.search}
          onChange={(e) => {
            setFilters({ ...filters, search: e.target.value })
            setPage(0)
          }}
        />
        <div>
          <label htmlFor={typeId} className="block text-sm font-semibold text-slate-900">
            Type
          </label>
          <select
            id={typeId}
            className={select}
            value={filters.type}
            onChange={(e) => {
              setFilters({ ...filters, type: e.target.value })
              setPage(0)
            }}
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
            onChange={(e) => {
              setFilters({ ...filters, status: e.target.value })
              setPage(0)
            }}
          >
            <option value="">Every status</option>
            {APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s, 'staff')}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div role="toolbar" aria-label="Bulk actions" className="mt-4 flex flex-wrap items-center gap-3">
        <span aria-live="polite" className="text-sm font-semibold text-slate-900">
          {chosen.length} selected
        </span>
        {BULK_ACTIONS.map((action) => (
          <Button
            key={action}
            variant={action === 'OFFER' ? 'primary' : 'secondary'}
            disabled={chosen.length === 0}
            onClick={() => setDialog({ kind: 'decide', action })}
          >
            {DECISION_WORDING[action].verb}…
          </Button>
        ))}
      </div>
      {overview.applications.length === 0 ? (
        <Panel as="p" padding="compact" className="mt-4 text-slate-700">
          No applications yet.
        </Panel>
      ) : visible.length === 0 ? (
        <Panel as="p" padding="compact" className="mt-4 text-slate-700">
          No applications match these filters.
        </Panel>
      ) : (
        <DataTable
          caption={
            pages > 1
              ? `Applications ${pageIndex * PAGE_SIZE + 1}–${pageIndex * PAGE_SIZE + shown.length} of ${visible.length}`
              : `Applications, ${visible.length} shown`
          }
          columns={columns}
          rows={shown}
          rowKey={(entry) => entry.id}
          rowProps={(entry) =>
            entry.id === wanted
              ? { 'aria-current': 'true', className: 'bg-amber-50', id: `application-${entry.id}` }
              : {}
          }
          sort={sort}
          onSortChange={setSort}
          frameClassName="relative mt-4"
          density="compact"
        />
      )}
      {pages > 1 ? (
        <nav aria-label="Pages of applications" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <Button variant="secondary" disabled={pageIndex === 0} onClick={() => setPage(pageIndex - 1)}>
            Previous<span className="sr-only"> page</span>
          </Button>
          <span aria-live="polite">
            Page {pageIndex + 1} of {pages}
          </span>
          <Button
            variant="secondary"
            disabled={pageIndex >= pages - 1}
            onClick={() => setPage(pageIndex + 1)}
          >
            Next<span className="sr-only"> page</span>
          </Button>
        </nav>
      ) : null}
      {dialog?.kind === 'decide' ? (
        <DecisionDialog
          eventSlug={overview.eventSlug}
          action={dialog.action}
          selected={chosen.map((id) => ({ id, version: byId.get(id)!.version }))}
          suggestedExpiry={suggestedExpiry}
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
