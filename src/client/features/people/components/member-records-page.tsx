import { Users } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { useClient, useQuery } from 'urql'
import { roleName, ROLES } from '#core/auth/roles.ts'
import { VOICE_PARTS, voicePartName } from '#core/profiles/profile.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Form, Select, TextInput } from '#client/components/ui/form/index.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import type { MemberRecordFilter } from '#client/gql/graphql.ts'
import { formatDate } from '#client/lib/format.ts'
import {
  MemberRecordEventsQuery,
  MemberRecordsCsvQuery,
  MemberRecordsQuery,
} from '../graphql/member-records.query.ts'
import { MEMBER_RECORDS_PAGE_SIZE, memberFilterOf, memberOffsetOf } from '../member-records-url.ts'
import { InactiveProfilesPanel } from './inactive-profiles-panel.tsx'

const PAGE = MEMBER_RECORDS_PAGE_SIZE
const FILTER_KEYS = ['search', 'role', 'voicePart', 'instrument', 'eventSlug', 'joinedYear'] as const

type FilterValues = Record<(typeof FILTER_KEYS)[number], string>

/** The search form, filled from the URL's filter; searching puts the filter in the URL. */
function SearchForm({
  filter,
  events,
  onSearch,
  onClear,
}: {
  filter: MemberRecordFilter
  events: { slug: string; title: string }[]
  onSearch: (next: URLSearchParams) => void
  onClear: () => void
}) {
  const form = useForm<FilterValues>({
    defaultValues: {
      search: filter.search ?? '',
      role: filter.role ?? '',
      voicePart: filter.voicePart ?? '',
      instrument: filter.instrument ?? '',
      eventSlug: filter.eventSlug ?? '',
      joinedYear: filter.joinedYear ? String(filter.joinedYear) : '',
    },
  })
  const thisYear = new Date().getFullYear()
  const onSubmit = (values: FilterValues) => {
    const next = new URLSearchParams()
    for (const key of FILTER_KEYS) {
      const value = values[key].trim()
      if (value) next.set(key, value)
    }
    onSearch(next)
  }
  const Choice = Select<FilterValues>
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="records"
      summary={false}
      role="search"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextInput<FilterValues>
        name="search"
        label="Search name, email or slug"
        type="search"
        className="sm:col-span-2"
      />
      <Choice
        name="role"
        label="Role"
        placeholder="Any"
        options={ROLES.map((r) => ({ value: r, label: roleName(r) }))}
      />
      <Choice
        name="voicePart"
        label="Voice part"
        placeholder="Any"
        options={VOICE_PARTS.map((v) => ({ value: v, label: voicePartName(v) }))}
      />
      <TextInput<FilterValues> name="instrument" label="Instrument" />
      <Choice
        name="eventSlug"
        label="Took part in"
        placeholder="Any"
        options={events.map((e) => ({ value: e.slug, label: e.title }))}
      />
      <Choice
        name="joinedYear"
        label="Joined in"
        placeholder="Any"
        options={Array.from({ length: 12 }, (_, i) => String(thisYear - i)).map((y) => ({
          value: y,
          label: y,
        }))}
      />
      <div className="flex items-end gap-2">
        <Button type="submit">Search</Button>
        <Button type="button" variant="secondary" onClick={onClear}>
          Clear
        </Button>
      </div>
    </Form>
  )
}

/** `/admin/profiles`: search, filter and page the membership on the server; export what is shown. */
export function MemberRecordsPage() {
  const [params, setParams] = useSearchParams()
  const filter = memberFilterOf(params)
  const offset = memberOffsetOf(params)
  const [query] = useQuery({
    query: MemberRecordsQuery,
    variables: { filter, offset, limit: PAGE },
    requestPolicy: 'cache-and-network',
  })
  const [events] = useQuery({ query: MemberRecordEventsQuery })
  const client = useClient()
  const [exporting, setExporting] = useState(false)
  const [exportProblem, setExportProblem] = useState<string | null>(null)
  const page = query.data?.memberRecords
  const goTo = (to: number) => {
    const next = new URLSearchParams(params)
    if (to > 0) next.set('offset', String(to))
    else next.delete('offset')
    setParams(next)
  }
  const onExport = async () => {
    setExporting(true)
    setExportProblem(null)
    const result = await client
      .query(MemberRecordsCsvQuery, { filter }, { requestPolicy: 'network-only' })
      .toPromise()
    setExporting(false)
    const text = result.data?.memberRecordsCsv
    if (text === undefined) return setExportProblem(result.error?.message ?? 'The export failed.')
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
    const a = document.createElement('a')
    a.href = url
    a.download = 'members.csv'
    a.click()
    URL.revokeObjectURL(url)
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Profiles · Stagedoor</title>
      <div className="flex items-center gap-3">
        <Users aria-hidden="true" className="size-8 text-brand-700" />
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Profiles</h1>
      </div>
      <p className="mt-2 text-slate-700">Every member’s record. Search, filter, and export what you see.</p>
      <InactiveProfilesPanel />
      <Panel as="section" aria-label="Search members" className="mt-6">
        <SearchForm
          // A new URL (Back, Clear) fills the form afresh.
          key={params.toString()}
          filter={filter}
          events={events.data?.events ?? []}
          onSearch={setParams}
          onClear={() => setParams(new URLSearchParams())}
        />
      </Panel>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" role="status">
          {page
            ? page.total === 0
              ? 'No members match.'
              : `Showing ${String(page.offset + 1)}–${String(page.offset + page.items.length)} of ${String(page.total)}`
            : query.error
              ? 'The members could not be loaded.'
              : 'Loading…'}
        </p>
        <Button variant="secondary" onClick={() => void onExport()} pending={exporting}>
          Export CSV
        </Button>
      </div>
      {exportProblem ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {exportProblem}
        </p>
      ) : null}
      {page && page.items.length > 0 ? (
        <ul className="mt-3 grid gap-2" aria-label="Members">
          {page.items.map((m) => (
            <li key={m.id}>
              <Link
                to={`/admin/profiles/${encodeURIComponent(m.slug)}`}
                className="block rounded-lg border border-slate-200 bg-white px-4 py-3 hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="flex flex-wrap items-baseline justify-between gap-x-4">
                  <span className="font-semibold text-brand-950">
                    {m.name}
                    {m.preferredName && m.preferredName !== m.name ? (
                      <span className="font-normal text-slate-700"> ({m.preferredName})</span>
                    ) : null}
                  </span>
                  <span className="text-sm break-all text-slate-700">{m.email}</span>
                </span>
                <span className="mt-1 block text-sm text-slate-700">
                  {[
                    m.voicePart && voicePartName(m.voicePart),
                    m.instruments,
                    m.roles.map(roleName).join(', '),
                    `joined ${formatDate(m.joinedAt)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {page && page.total > PAGE ? (
        <nav aria-label="Pages" className="mt-4 flex gap-3">
          <Button
            variant="secondary"
            disabled={offset === 0}
            onClick={() => goTo(Math.max(0, offset - PAGE))}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            disabled={offset + PAGE >= page.total}
            onClick={() => goTo(offset + PAGE)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  )
}
