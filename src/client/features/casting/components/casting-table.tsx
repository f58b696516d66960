import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { applicationTypeLabel } from '#core/applications/status-wording.ts'
import { Button } from '#client/components/ui/button.tsx'
import { DataTable, type DataColumn, type TableSort } from '#client/components/ui/data-table.tsx'
import { StatusBadge } from '#client/components/ui/status-badge.tsx'
import { formatDate } from '#client/lib/format.ts'
import { displayName, scoreText } from '../casting-format.ts'
import type { CastingView, SortField } from '../casting-url.ts'
import type { CastingMeta, CastingRow } from '../hooks/use-casting-list.ts'
import { SORT_LABELS } from './casting-filters.tsx'
import { voicePartName } from '#core/profiles/profile.schemas.ts'

const ROW_HEIGHT = 57

/** The sortable columns and the server's sort field each stands for. */
const SORT_OF_COLUMN: Record<string, SortField> = {
  name: 'NAME',
  type: 'TYPE',
  status: 'STATUS',
  score: 'SCORE',
  submitted: 'SUBMITTED_AT',
}
const COLUMN_OF_SORT = Object.fromEntries(Object.entries(SORT_OF_COLUMN).map(([k, v]) => [v, k]))

/**
 * The casting list as a virtualised table: only the rows in view are rendered, and the next page
 * loads as the end comes near. Headers sort on the server, like the "Sort by" select.
 */
export function CastingTable({
  eventSlug,
  view,
  query,
  meta,
  rows,
  highlighted,
  labelledBy,
  loading,
  failed,
  canLoadMore,
  loadMore,
  update,
}: {
  eventSlug: string
  view: CastingView
  /** The view's query string, carried to the detail page. */
  query: string
  meta: CastingMeta | null
  rows: readonly CastingRow[]
  highlighted: Record<string, number>
  labelledBy: string
  loading: boolean
  failed: boolean
  canLoadMore: boolean
  loadMore: () => void
  update: (patch: Partial<CastingView>) => void
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? -1
  useEffect(() => {
    if (canLoadMore && !loading && !failed && lastIndex >= rows.length - 15) loadMore()
  }, [lastIndex, rows.length, canLoadMore, loading, failed, loadMore])

  const event = meta?.event
  const first = items[0]?.index ?? 0
  const shown = items.map((item) => rows[item.index]!)
  const sort: TableSort = {
    key: COLUMN_OF_SORT[view.sort] ?? 'submitted',
    direction: view.direction === 'DESC' ? 'descending' : 'ascending',
  }
  const columns: DataColumn<CastingRow>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      cell: (row) => (
        <>
          <Link
            to={`/admin/casting/${encodeURIComponent(eventSlug)}/application/${encodeURIComponent(row.slug)}${query}`}
            className="font-semibold text-brand-800 hover:underline"
          >
            {displayName(row)}
          </Link>
          {row.pronouns ? <span className="ml-1 text-slate-600">{row.pronouns}</span> : null}
          {highlighted[row.id] !== undefined ? (
            <span className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950">
              Updated by another admin
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      sortable: true,
      cell: (row) => applicationTypeLabel(row.applicationType, event?.applicationTypes),
    },
    {
      key: 'voicePart',
      header: 'Voice part',
      cell: (row) => (row.voicePart ? voicePartName(row.voicePart) : '—'),
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      cell: (row) => <StatusBadge status={row.status} audience="staff" size="sm" announce={false} />,
    },
    { key: 'part', header: 'Part', cell: (row) => row.part ?? '—' },
    {
      key: 'score',
      header: 'Score',
      sortable: true,
      cell: (row) => scoreText(row.averageScore, row.reviewCount),
    },
    {
      key: 'submitted',
      header: 'Submitted',
      sortable: true,
      className: 'whitespace-nowrap',
      cell: (row) => formatDate(row.submittedAt),
    },
  ]

  return (
    <DataTable
      caption={`Applications, sorted by ${SORT_LABELS[view.sort].toLowerCase()}`}
      frameLabelledBy={labelledBy}
      columns={columns}
      rows={shown}
      rowKey={(row) => row.id}
      sort={sort}
      onSortChange={(next) =>
        update({
          sort: SORT_OF_COLUMN[next.key] ?? 'SUBMITTED_AT',
          direction: next.direction === 'descending' ? 'DESC' : 'ASC',
        })
      }
      rowProps={(row, index) => ({
        'data-index': index,
        style: { height: ROW_HEIGHT },
        className: highlighted[row.id] !== undefined ? 'bg-amber-50' : '',
      })}
      window={{
        totalRows: meta?.totalCount ?? rows.length,
        firstIndex: first,
        paddingTop: items[0]?.start ?? 0,
        paddingBottom: items.length ? virtualizer.getTotalSize() - items.at(-1)!.end : 0,
      }}
      rowRef={virtualizer.measureElement}
      frameRef={scrollRef}
      frameClassName="mt-3 max-h-[70vh]"
      stickyHeader
      density="compact"
      footer={
        <>
          {loading && rows.length ? (
            <p role="status" className="px-4 py-3 text-sm text-slate-700">
              Loading more…
            </p>
          ) : null}
          {failed && rows.length ? (
            <div className="px-4 py-3">
              <Button variant="secondary" onClick={loadMore}>
                Could not load more. Try again
              </Button>
            </div>
          ) : null}
        </>
      }
    />
  )
}
