import { useId } from 'react'
import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'
import { statusLabel } from '#core/applications/status-wording.ts'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { NO_PART, SORT_FIELDS, toggle, type CastingView, type SortField } from '../casting-url.ts'
import type { CastingMeta } from '../hooks/use-casting-list.ts'
import { Chip, ChipGroup } from './chips.tsx'

export const SORT_LABELS: Record<SortField, string> = {
  SUBMITTED_AT: 'Submitted',
  NAME: 'Name',
  SCORE: 'Average score',
  STATUS: 'Status',
  TYPE: 'Application type',
}

const selectClass = `mt-1.5 ${fieldClass('sm')}`

const countOf = (counts: { key: string; count: number }[] | undefined, key: string) =>
  counts?.find((c) => c.key === key)?.count ?? 0

/** Is anything narrowing the list (for "Clear filters" and the empty message)? */
export function isFiltered(view: CastingView): boolean {
  return (
    view.types.length + view.statuses.length + view.parts.length > 0 ||
    view.minScore !== null ||
    view.maxScore !== null ||
    view.search.trim() !== ''
  )
}

/** Search, sort and the filter chips (with their counts) of the casting list. */
export function CastingFilters({
  view,
  meta,
  update,
  searchText,
  onSearchText,
  onClear,
}: {
  view: CastingView
  meta: CastingMeta | null
  update: (patch: Partial<CastingView>) => void
  searchText: string
  onSearchText: (text: string) => void
  onClear: () => void
}) {
  const headingId = useId()
  const event = meta?.event
  const filtered = isFiltered(view)
  return (
    <Panel as="section" aria-label="Filters" padding="compact" className="mt-6 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <label htmlFor={`${headingId}-search`} className="block text-sm font-semibold text-slate-900">
            Search by name
          </label>
          <input
            id={`${headingId}-search`}
            type="search"
            value={searchText}
            onChange={(e) => onSearchText(e.target.value)}
            maxLength={200}
            className={`mt-1.5 ${fieldClass()}`}
          />
        </div>
        <div>
          <label htmlFor={`${headingId}-sort`} className="block text-sm font-semibold text-slate-900">
            Sort by
          </label>
          <select
            id={`${headingId}-sort`}
            value={view.sort}
            onChange={(e) => update({ sort: e.target.value as SortField })}
            className={selectClass}
          >
            {SORT_FIELDS.map((f) => (
              <option key={f} value={f}>
                {SORT_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${headingId}-dir`} className="block text-sm font-semibold text-slate-900">
            Order
          </label>
          <select
            id={`${headingId}-dir`}
            value={view.direction}
            onChange={(e) => update({ direction: e.target.value === 'DESC' ? 'DESC' : 'ASC' })}
            className={selectClass}
          >
            <option value="ASC">{view.sort === 'SCORE' ? 'Lowest first' : 'Ascending'}</option>
            <option value="DESC">{view.sort === 'SCORE' ? 'Highest first' : 'Descending'}</option>
          </select>
        </div>
      </div>

      {event && event.applicationTypes.length > 1 ? (
        <ChipGroup label="Application type">
          {event.applicationTypes.map((t) => (
            <Chip
              key={t.key}
              pressed={view.types.includes(t.key)}
              onClick={() => update({ types: toggle(view.types, t.key) })}
            >
              {t.label} ({countOf(meta?.typeCounts, t.key)})
            </Chip>
          ))}
        </ChipGroup>
      ) : null}

      <ChipGroup label="Status">
        {APPLICATION_STATUSES.filter(
          (s) => countOf(meta?.statusCounts, s) > 0 || view.statuses.includes(s),
        ).map((s: ApplicationStatus) => (
          <Chip
            key={s}
            pressed={view.statuses.includes(s)}
            onClick={() => update({ statuses: toggle(view.statuses, s) })}
          >
            {statusLabel(s, 'staff')} ({countOf(meta?.statusCounts, s)})
          </Chip>
        ))}
      </ChipGroup>

      {event && event.parts.length ? (
        <ChipGroup label="Part">
          {[...event.parts, NO_PART].map((p) => (
            <Chip
              key={p || '~none'}
              pressed={view.parts.includes(p)}
              onClick={() => update({ parts: toggle(view.parts, p) })}
            >
              {p === NO_PART ? 'No part yet' : p} ({countOf(meta?.partCounts, p)})
            </Chip>
          ))}
        </ChipGroup>
      ) : null}

      <div className="flex flex-wrap items-end gap-4">
        {(['minScore', 'maxScore'] as const).map((field) => (
          <div key={field}>
            <label htmlFor={`${headingId}-${field}`} className="block text-sm font-semibold text-slate-900">
              {field === 'minScore' ? 'Average score from' : 'Average score up to'}
            </label>
            <select
              id={`${headingId}-${field}`}
              value={view[field] ?? ''}
              onChange={(e) => update({ [field]: e.target.value ? Number(e.target.value) : null })}
              className={selectClass}
            >
              <option value="">Any</option>
              {[1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ))}
        {filtered ? (
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </Panel>
  )
}
