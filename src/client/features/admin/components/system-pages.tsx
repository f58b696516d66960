import { Inbox, ListRestart } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import type { JobStatus, OutboxStatus } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import {
  JobsQuery,
  OutboxQuery,
  RetryJobMutation,
  RetryOutboxMessageMutation,
} from '../graphql/system.query.ts'

const PAGE = 50
const OUTBOX_STATUSES: readonly OutboxStatus[] = ['QUEUED', 'SENT', 'FAILED']
const JOB_STATUSES: readonly JobStatus[] = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED']

/**
 * The list's status filter, kept in the URL (`?status=failed`, as the dashboard links it) so a link
 * opens the list already filtered, and the page offset, back to the first page on a new filter.
 */
function useStatusFilter<S extends string>(options: readonly S[], fallback: S | '') {
  const [params, setParams] = useSearchParams()
  const given = params.get('status')?.toUpperCase()
  const status = given === 'ANY' ? '' : (options.find((o) => o === given) ?? fallback)
  const [offset, setOffset] = useState(0)
  const setStatus = (next: S | '') => {
    setParams(
      (current) => {
        current.set('status', next ? next.toLowerCase() : 'any')
        return current
      },
      { replace: true },
    )
    setOffset(0)
  }
  return { status, setStatus, offset, setOffset }
}

/** How many rows the list shows, or why it shows none (announced as a status). */
function ListCount({
  loaded,
  failed,
  count,
  empty,
  failure,
}: {
  loaded: boolean
  failed: boolean
  count: number
  empty: string
  failure: string
}) {
  return (
    <p role="status" className="mt-4 text-sm text-slate-700">
      {loaded ? (count === 0 ? empty : `${String(count)} shown`) : failed ? failure : 'Loading…'}
    </p>
  )
}

function SystemPage({
  title,
  icon: Icon,
  intro,
  children,
}: {
  title: string
  icon: typeof Inbox
  intro: string
  children: ReactNode
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8 sm:py-12">
      <title>{`${title} · System · Stagedoor`}</title>
      <div className="flex items-center gap-3">
        <Icon aria-hidden="true" className="size-8 text-brand-700" />
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">{title}</h1>
      </div>
      <p className="mt-2 text-slate-700">{intro}</p>
      {children}
    </div>
  )
}

function StatusFilter<S extends string>({
  value,
  options,
  onChange,
}: {
  value: S | ''
  options: readonly S[]
  onChange: (value: S | '') => void
}) {
  return (
    <div className="mt-6 max-w-xs">
      <label htmlFor="status-filter" className="block text-sm font-semibold text-slate-900">
        Status
      </label>
      <select
        id="status-filter"
        className={`mt-1 w-full ${fieldClass()}`}
        value={value}
        onChange={(e) => onChange(e.target.value as S | '')}
      >
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o.toLowerCase()}
          </option>
        ))}
      </select>
    </div>
  )
}

function Pager({
  offset,
  count,
  onChange,
}: {
  offset: number
  count: number
  onChange: (n: number) => void
}) {
  if (offset === 0 && count < PAGE) return null
  return (
    <nav aria-label="Pages" className="mt-4 flex gap-3">
      <Button
        variant="secondary"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - PAGE))}
      >
        Newer
      </Button>
      <Button variant="secondary" disabled={count < PAGE} onClick={() => onChange(offset + PAGE)}>
        Older
      </Button>
    </nav>
  )
}

/** `/admin/system/outbox` (superAdmin): every email queued, sent or failed; retry a failed one. */
export function OutboxPage() {
  const { status, setStatus, offset, setOffset } = useStatusFilter(OUTBOX_STATUSES, '')
  const [query, refetch] = useQuery({
    query: OutboxQuery,
    variables: { status: status || null, offset },
    requestPolicy: 'cache-and-network',
  })
  const retry = useAppMutation(RetryOutboxMessageMutation)
  const rows = query.data?.outbox ?? []
  return (
    <SystemPage
      title="Outbox"
      icon={Inbox}
      intro="Every email is written here first, then sent. Newest first."
    >
      <StatusFilter value={status} options={OUTBOX_STATUSES} onChange={setStatus} />
      <ListCount
        loaded={Boolean(query.data)}
        failed={Boolean(query.error)}
        count={rows.length}
        empty="No mail here."
        failure="The outbox could not be loaded."
      />
      <ul className="mt-2 grid gap-2" aria-label="Mail">
        {rows.map((m) => (
          <Panel as="li" key={m.id} className="text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-x-4">
              <span className="font-semibold break-words text-brand-950">{m.subject}</span>
              <span className="font-semibold">{m.status.toLowerCase()}</span>
            </p>
            <p className="mt-1 break-all text-slate-700">
              To {m.to} · {m.template ?? 'no template'} · written {formatDateTime(m.createdAt)}
              {m.sentAt ? ` · sent ${formatDateTime(m.sentAt)}` : ''} · {m.attempts} attempt
              {m.attempts === 1 ? '' : 's'}
            </p>
            {m.lastError ? <p className="mt-1 break-words text-red-700">Last error: {m.lastError}</p> : null}
            {m.status === 'FAILED' ? (
              <Button
                variant="secondary"
                className="mt-2"
                pending={retry.fetching}
                aria-label={`Retry “${m.subject}” to ${m.to}`}
                onClick={() =>
                  void retry
                    .run({ id: m.id }, { success: `Sending “${m.subject}” again.` })
                    .then(() => refetch({ requestPolicy: 'network-only' }))
                }
              >
                Retry
              </Button>
            ) : null}
          </Panel>
        ))}
      </ul>
      <Pager offset={offset} count={rows.length} onChange={setOffset} />
    </SystemPage>
  )
}

/** `/admin/system/jobs` (superAdmin): background jobs, failed ones to look at and retry. */
export function JobsPage() {
  const { status, setStatus, offset, setOffset } = useStatusFilter(JOB_STATUSES, 'FAILED')
  const [query, refetch] = useQuery({
    query: JobsQuery,
    variables: { status: status || null, offset },
    requestPolicy: 'cache-and-network',
  })
  const retry = useAppMutation(RetryJobMutation)
  const rows = query.data?.jobs ?? []
  return (
    <SystemPage
      title="Jobs"
      icon={ListRestart}
      intro="Background work: sending mail, lapsing roles, revealing shows. A failed job has used all its attempts."
    >
      <StatusFilter value={status} options={JOB_STATUSES} onChange={setStatus} />
      <ListCount
        loaded={Boolean(query.data)}
        failed={Boolean(query.error)}
        count={rows.length}
        empty="No jobs here."
        failure="The jobs could not be loaded."
      />
      <ul className="mt-2 grid gap-2" aria-label="Jobs">
        {rows.map((j) => (
          <Panel as="li" key={j.id} className="text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-x-4">
              <span className="font-semibold text-brand-950">
                {j.name} #{j.id}
              </span>
              <span className="font-semibold">{j.status.toLowerCase()}</span>
            </p>
            <p className="mt-1 text-slate-700">
              Created {formatDateTime(j.createdAt)} · runs {formatDateTime(j.runAt)} · {j.attempts} of{' '}
              {j.maxAttempts} attempts
              {j.completedAt ? ` · done ${formatDateTime(j.completedAt)}` : ''}
            </p>
            {j.lastError ? <p className="mt-1 break-words text-red-700">Last error: {j.lastError}</p> : null}
            {j.status === 'FAILED' ? (
              <Button
                variant="secondary"
                className="mt-2"
                pending={retry.fetching}
                aria-label={`Retry ${j.name} #${j.id}`}
                onClick={() =>
                  void retry
                    .run({ id: j.id }, { success: `${j.name} #${j.id} will run again.` })
                    .then(() => refetch({ requestPolicy: 'network-only' }))
                }
              >
                Retry
              </Button>
            ) : null}
          </Panel>
        ))}
      </ul>
      <Pager offset={offset} count={rows.length} onChange={setOffset} />
    </SystemPage>
  )
}
