import { useVirtualizer } from '@tanstack/react-virtual'
import { ArrowLeft } from 'lucide-react'
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { useClient, type CombinedError } from 'urql'
import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'
import { Button } from '#client/components/ui/button.tsx'
import { PageLoadingIndicator } from '#client/components/ui/page-loading.tsx'
import { QueryFailure } from '#client/components/ui/query-failure.tsx'
import type { CastingApplicationsQuery as ListData } from '#client/gql/graphql.ts'
import { formatDate } from '#client/lib/format.ts'
import { firstErrorCode } from '#client/lib/query-errors.ts'
import { displayName, scoreText, STATUS_LABELS } from '../casting-format.ts'
import {
  NO_PART,
  paramsFromView,
  queryArgs,
  SORT_FIELDS,
  toggle,
  viewFromParams,
  viewQuery,
  type CastingView,
  type SortField,
} from '../casting-url.ts'
import { CastingApplicationsQuery } from '../graphql/casting.query.ts'
import { useApplicationChanges } from '../hooks/use-application-changes.ts'
import { useDebouncedValue } from '../hooks/use-debounced-value.ts'

type Page = ListData['castingApplications']
type Row = Page['nodes'][number]

const PAGE_SIZE = 50
const ROW_HEIGHT = 57
/** How long a row changed by another admin stays highlighted. */
const HIGHLIGHT_MS = 6000

const SORT_LABELS: Record<SortField, string> = {
  SUBMITTED_AT: 'Submitted',
  NAME: 'Name',
  SCORE: 'Average score',
  STATUS: 'Status',
  TYPE: 'Application type',
}

interface ListState {
  key: string
  rows: Row[]
  meta: Omit<Page, 'nodes' | 'pageInfo'> | null
  hasNextPage: boolean
  endCursor: string | null
  loading: boolean
  error: CombinedError | null
}

const panel = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-5'
const selectClass =
  'mt-1.5 block w-full rounded-lg border border-slate-400 bg-white px-2.5 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700'

function Chip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${pressed ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-brand-50'}`}
    >
      {children}
    </button>
  )
}

function ChipGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={id} className="min-w-0">
      <p id={id} className="text-sm font-semibold text-slate-900">
        {label}
      </p>
      <div className="mt-1.5 flex flex-wrap gap-2">{children}</div>
    </div>
  )
}

const countOf = (counts: { key: string; count: number }[] | undefined, key: string) =>
  counts?.find((c) => c.key === key)?.count ?? 0

/**
 * `/admin/casting/{eventSlug}`: every application of the event, filtered, sorted and paginated on the
 * server; the list is virtualised and loads more as it scrolls. The filter lives in the URL; changes
 * other admins make arrive live and are highlighted.
 */
export function CastingListPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const view = useMemo(() => viewFromParams(params), [params])
  const key = `${eventSlug}?${paramsFromView(view).toString()}`
  const client = useClient()

  const update = useCallback(
    (patch: Partial<CastingView>) => setParams(paramsFromView({ ...view, ...patch }), { replace: true }),
    [setParams, view],
  )

  const [searchText, setSearchText] = useState(view.search)
  const search = useDebouncedValue(searchText, 300)
  useEffect(() => {
    if (search.trim() !== view.search.trim()) update({ search })
    // Only the settled text drives the URL; the URL driving the box happens on navigation below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search])

  const [state, setState] = useState<ListState>({
    key,
    rows: [],
    meta: null,
    hasNextPage: false,
    endCursor: null,
    loading: true,
    error: null,
  })
  const current = useRef(key)
  current.current = key

  const load = useCallback(
    async (after: string | null) => {
      const requested = key
      setState((s) => (s.key === requested ? { ...s, loading: true, error: null } : s))
      const result = await client
        .query(
          CastingApplicationsQuery,
          { eventSlug, ...queryArgs(view), first: PAGE_SIZE, after },
          { requestPolicy: 'network-only' },
        )
        .toPromise()
      if (current.current !== requested) return
      const page = result.data?.castingApplications
      setState((s) => {
        if (result.error || !page) return { ...s, loading: false, error: result.error ?? null }
        const seen = new Set(after ? s.rows.map((r) => r.id) : [])
        const { nodes, pageInfo, ...meta } = page
        return {
          key: requested,
          rows: [...(after ? s.rows : []), ...nodes.filter((n) => !seen.has(n.id))],
          meta,
          hasNextPage: pageInfo.hasNextPage,
          endCursor: pageInfo.endCursor ?? null,
          loading: false,
          error: null,
        }
      })
    },
    [client, eventSlug, key, view],
  )

  useEffect(() => {
    setState({ key, rows: [], meta: null, hasNextPage: false, endCursor: null, loading: true, error: null })
    void load(null)
    // `key` captures everything `load` depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  // Live: another admin changed an application: update its row in place and highlight it.
  const [highlighted, setHighlighted] = useState<Record<string, number>>({})
  const [liveMessage, setLiveMessage] = useState('')
  useApplicationChanges(eventSlug, (change) => {
    const next = change.application
    if (!next) return
    setState((s) => {
      const index = s.rows.findIndex((r) => r.id === change.applicationId)
      if (index < 0) return s
      const rows = [...s.rows]
      rows[index] = next
      return { ...s, rows }
    })
    setHighlighted((h) => ({ ...h, [change.applicationId]: Date.now() }))
    setLiveMessage(`${displayName(next)} was just updated by another admin.`)
  })
  useEffect(() => {
    const ids = Object.keys(highlighted)
    if (!ids.length) return
    const timer = setTimeout(() => {
      const now = Date.now()
      setHighlighted((h) => Object.fromEntries(Object.entries(h).filter(([, at]) => now - at < HIGHLIGHT_MS)))
    }, HIGHLIGHT_MS)
    return () => clearTimeout(timer)
  }, [highlighted])

  const scrollRef = useRef<HTMLDivElement>(null)
  const rows = state.key === key ? state.rows : []
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? -1
  useEffect(() => {
    if (
      state.key === key &&
      state.hasNextPage &&
      !state.loading &&
      !state.error &&
      lastIndex >= rows.length - 15
    ) {
      void load(state.endCursor)
    }
  }, [lastIndex, rows.length, state, key, load])

  const meta = state.key === key ? state.meta : null
  const headingId = useId()
  const resultsId = useId()
  const code = state.error ? firstErrorCode(state.error) : null
  if (code === 'NOT_FOUND') return <>{notFound}</>

  const event = meta?.event
  const query = viewQuery(view)
  const paddingTop = items[0]?.start ?? 0
  const paddingBottom = items.length ? virtualizer.getTotalSize() - items.at(-1)!.end : 0
  const filtered =
    view.types.length + view.statuses.length + view.parts.length > 0 ||
    view.minScore !== null ||
    view.maxScore !== null ||
    view.search.trim() !== ''

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8 sm:py-10">
      <title>{`Casting${event ? ` · ${event.title}` : ''} · Stagedoor`}</title>
      <Link
        to="/admin/casting"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All events
      </Link>
      <h1 id={headingId} className="mt-2 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">
        Casting{event ? `: ${event.title}` : ''}
      </h1>

      <section aria-label="Filters" className={`${panel} mt-6 space-y-4`}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="sm:col-span-2">
            <label htmlFor={`${headingId}-search`} className="block text-sm font-semibold text-slate-900">
              Search by name
            </label>
            <input
              id={`${headingId}-search`}
              type="search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              maxLength={200}
              className="mt-1.5 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-xs focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700"
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
              {STATUS_LABELS[s]} ({countOf(meta?.statusCounts, s)})
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
            <Button
              variant="secondary"
              onClick={() => {
                setSearchText('')
                setParams(
                  paramsFromView({
                    ...viewFromParams(new URLSearchParams()),
                    sort: view.sort,
                    direction: view.direction,
                  }),
                  {
                    replace: true,
                  },
                )
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </div>
      </section>

      <p id={resultsId} aria-live="polite" className="mt-6 text-sm font-semibold text-slate-800">
        {meta ? `${meta.totalCount} application${meta.totalCount === 1 ? '' : 's'}` : ''}
      </p>
      <p aria-live="polite" className="sr-only">
        {liveMessage}
      </p>

      {state.error && !rows.length ? (
        <QueryFailure
          code={code ?? 'UNKNOWN'}
          what="the applications"
          level={2}
          onRetry={() => void load(null)}
        />
      ) : !meta && state.loading ? (
        <PageLoadingIndicator phase="SHOW_LOADING" label="Loading the applications…" />
      ) : meta && meta.totalCount === 0 ? (
        <p className={`${panel} mt-3 text-slate-700`}>
          {filtered ? 'No application matches these filters.' : 'Nobody has applied to this event yet.'}
        </p>
      ) : (
        <div
          ref={scrollRef}
          role="region"
          aria-labelledby={resultsId}
          tabIndex={0}
          className="mt-3 max-h-[70vh] overflow-auto rounded-2xl bg-white shadow-sm ring-1 ring-brand-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <table
            className="w-full min-w-[52rem] text-left text-sm"
            aria-rowcount={(meta?.totalCount ?? 0) + 1}
          >
            <caption className="sr-only">
              Applications, sorted by {SORT_LABELS[view.sort].toLowerCase()}
            </caption>
            <thead className="sticky top-0 z-10 bg-brand-50 text-slate-900">
              <tr aria-rowindex={1}>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Type
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Voice part
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Part
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Score
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Submitted
                </th>
              </tr>
            </thead>
            <tbody>
              {paddingTop > 0 ? (
                <tr aria-hidden="true">
                  <td colSpan={7} style={{ height: paddingTop, padding: 0 }} />
                </tr>
              ) : null}
              {items.map((item) => {
                const row = rows[item.index]!
                const live = highlighted[row.id] !== undefined
                const typeLabel =
                  event?.applicationTypes.find((t) => t.key === row.applicationType)?.label ??
                  row.applicationType
                return (
                  <tr
                    key={row.id}
                    data-index={item.index}
                    aria-rowindex={item.index + 2}
                    style={{ height: ROW_HEIGHT }}
                    className={`border-t border-slate-200 ${live ? 'bg-amber-50' : ''}`}
                  >
                    <td className="px-4 py-2">
                      <Link
                        to={`/admin/casting/${encodeURIComponent(eventSlug)}/application/${encodeURIComponent(row.slug)}${query}`}
                        className="font-semibold text-brand-800 hover:underline"
                      >
                        {displayName(row)}
                      </Link>
                      {row.pronouns ? <span className="ml-1 text-slate-600">{row.pronouns}</span> : null}
                      {live ? (
                        <span className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950">
                          Updated by another admin
                        </span>
                      ) : null}
                    </td>
                    <td className="px-4 py-2">{typeLabel}</td>
                    <td className="px-4 py-2">{row.voicePart ?? '—'}</td>
                    <td className="px-4 py-2">{STATUS_LABELS[row.status]}</td>
                    <td className="px-4 py-2">{row.part ?? '—'}</td>
                    <td className="px-4 py-2">{scoreText(row.averageScore, row.reviewCount)}</td>
                    <td className="px-4 py-2 whitespace-nowrap">{formatDate(row.submittedAt)}</td>
                  </tr>
                )
              })}
              {paddingBottom > 0 ? (
                <tr aria-hidden="true">
                  <td colSpan={7} style={{ height: paddingBottom, padding: 0 }} />
                </tr>
              ) : null}
            </tbody>
          </table>
          {state.loading && rows.length ? (
            <p role="status" className="px-4 py-3 text-sm text-slate-700">
              Loading more…
            </p>
          ) : null}
          {state.error && rows.length ? (
            <div className="px-4 py-3">
              <Button variant="secondary" onClick={() => void load(state.endCursor)}>
                Could not load more. Try again
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  )
}
