import { ArrowLeft } from 'lucide-react'
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { PageLoadingIndicator } from '#client/components/ui/page-loading.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryFailure } from '#client/components/ui/query-failure.tsx'
import { firstErrorCode } from '#client/lib/query-errors.ts'
import { paramsFromView, viewFromParams, viewQuery, type CastingView } from '../casting-url.ts'
import { useCastingList } from '../hooks/use-casting-list.ts'
import { useDebouncedValue } from '../hooks/use-debounced-value.ts'
import { CastingFilters, isFiltered } from './casting-filters.tsx'
import { CastingTable } from './casting-table.tsx'

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

  const list = useCastingList(eventSlug, view, key)
  const { rows, meta, load, endCursor } = list
  const loadMore = useCallback(() => void load(endCursor), [load, endCursor])
  const headingId = useId()
  const resultsId = useId()
  const code = list.error ? firstErrorCode(list.error) : null
  if (code === 'NOT_FOUND') return <>{notFound}</>

  const event = meta?.event
  const filtered = isFiltered(view)

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

      <CastingFilters
        view={view}
        meta={meta}
        update={update}
        searchText={searchText}
        onSearchText={setSearchText}
        onClear={() => {
          setSearchText('')
          setParams(
            paramsFromView({
              ...viewFromParams(new URLSearchParams()),
              sort: view.sort,
              direction: view.direction,
            }),
            { replace: true },
          )
        }}
      />

      <p id={resultsId} aria-live="polite" className="mt-6 text-sm font-semibold text-slate-800">
        {meta ? `${meta.totalCount} application${meta.totalCount === 1 ? '' : 's'}` : ''}
      </p>
      <p aria-live="polite" className="sr-only">
        {list.liveMessage}
      </p>

      {list.error && !rows.length ? (
        <QueryFailure
          code={code ?? 'UNKNOWN'}
          what="the applications"
          level={2}
          onRetry={() => void load(null)}
        />
      ) : !meta && list.loading ? (
        <PageLoadingIndicator phase="SHOW_LOADING" label="Loading the applications…" />
      ) : meta && meta.totalCount === 0 ? (
        <Panel as="p" padding="compact" className="mt-3 text-slate-700">
          {filtered ? 'No application matches these filters.' : 'Nobody has applied to this event yet.'}
        </Panel>
      ) : (
        <CastingTable
          eventSlug={eventSlug}
          view={view}
          query={viewQuery(view)}
          meta={meta}
          rows={rows}
          highlighted={list.highlighted}
          labelledBy={resultsId}
          loading={list.loading}
          failed={Boolean(list.error)}
          canLoadMore={list.hasNextPage}
          loadMore={loadMore}
          update={update}
        />
      )}
    </div>
  )
}
