import { useId, useState } from 'react'
import { useQuery } from 'urql'
import { APPLICATION_STATUSES } from '#core/applications/status.ts'
import { applicationTypeLabel, statusLabel } from '#core/applications/status-wording.ts'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { StatusBadge } from '#client/components/ui/status-badge.tsx'
import type { ApplicationStatus } from '#client/gql/graphql.ts'
import { SandboxEventsQuery, SandboxSidebarQuery } from '../graphql/participants.queries.ts'
import { CastList } from './cast-list-page.tsx'
import { SocialLinks } from './content-pages.tsx'
import { InfoPack } from './info-pack-page.tsx'
import type { Preview } from './page-parts.tsx'
import { PartBreakdown } from './part-breakdown-page.tsx'
import { VenueAccess } from './venue-access-page.tsx'

const field = `mt-1 ${fieldClass()}`

type ConfigTypes = Record<string, { label?: string }>

function typesOf(config: unknown): ConfigTypes {
  const types = (config as { applicationTypes?: ConfigTypes } | null)?.applicationTypes
  return types && typeof types === 'object' ? types : {}
}

function Hidden({ page }: { page: string }) {
  return (
    <p className="mt-4 rounded-xl bg-slate-100 p-4 text-slate-800">
      Such a member would not see the {page}: the server answers “not found”.
    </p>
  )
}

/** The member sidebar and pages of a synthetic member (from the server, which writes nothing). */
function SandboxPreview({ eventSlug, preview }: { eventSlug: string; preview: Preview }) {
  const sidebar = useQuery({
    query: SandboxSidebarQuery,
    variables: { eventSlug, ...preview },
    requestPolicy: 'network-only',
  })
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
      <Panel as="section" aria-labelledby="sandbox-sidebar" padding="compact">
        <h2 id="sandbox-sidebar" className="text-lg font-bold text-brand-950">
          Sidebar
        </h2>
        <QueryView query={sidebar} loadingLabel="Loading the sidebar…" what="the sidebar" level={2}>
          {({ sandboxSidebar: items }) => {
            const sections = [...new Set(items.map((i) => i.section))]
            return (
              <nav aria-label="Sidebar of this member">
                {sections.map((s) => {
                  const these = items.filter((i) => i.section === s)
                  return (
                    <div key={s} className="mt-3">
                      {these[0]?.sectionTitle ? (
                        <p className="text-xs font-bold tracking-wide text-slate-700 uppercase">
                          {these[0].sectionTitle}
                        </p>
                      ) : null}
                      <ul className="mt-1 space-y-1" data-testid={`sandbox-section-${s}`}>
                        {these.map((i) => (
                          <li key={i.key + i.to} className="text-slate-900">
                            {i.label}
                          </li>
                        ))}
                      </ul>
                    </div>
                  )
                })}
              </nav>
            )
          }}
        </QueryView>
      </Panel>
      <div className="min-w-0 space-y-10">
        <CastList eventSlug={eventSlug} preview={preview} notFound={<Hidden page="cast list" />} />
        <InfoPack
          eventSlug={eventSlug}
          applicationType={preview.applicationType}
          preview={preview}
          notFound={<Hidden page="info pack" />}
        />
        <PartBreakdown eventSlug={eventSlug} preview={preview} notFound={<Hidden page="part breakdown" />} />
        <VenueAccess eventSlug={eventSlug} preview={preview} notFound={<Hidden page="venue access" />} />
        <SocialLinks eventSlug={eventSlug} preview={preview} notFound={<Hidden page="social links" />} />
      </div>
    </div>
  )
}

/** `/admin/sandbox`: see the member pages of an event as a chosen application type and status would. */
export function SandboxPage() {
  const events = useQuery({ query: SandboxEventsQuery, requestPolicy: 'cache-and-network' })
  const [slug, setSlug] = useState('')
  const [type, setType] = useState('')
  const [status, setStatus] = useState<ApplicationStatus>('CONFIRMED' as ApplicationStatus)
  const ids = { event: useId(), type: useId(), status: useId() }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8">
      <title>Sandbox · Admin · Stagedoor</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-950">Sandbox</h1>
      <p className="mt-2 text-slate-700">
        See an event as a member with an application of this type and status would. Nothing is saved.
      </p>
      <QueryView query={events} loadingLabel="Loading events…" what="the events" level={2}>
        {({ adminEvents }) => {
          const event = adminEvents.find((e) => e.slug === slug)
          const config = event ? typesOf(event.eventConfig) : {}
          const types = Object.keys(config)
          const chosenType = types.includes(type) ? type : (types[0] ?? '')
          return (
            <>
              <form className="mt-6 grid gap-4 sm:grid-cols-3" onSubmit={(e) => e.preventDefault()}>
                <div>
                  <label htmlFor={ids.event} className="font-medium text-slate-900">
                    Event
                  </label>
                  <select
                    id={ids.event}
                    className={field}
                    value={slug}
                    onChange={(e) => setSlug(e.target.value)}
                  >
                    <option value="">Choose an event</option>
                    {adminEvents.map((e) => (
                      <option key={e.id} value={e.slug}>
                        {e.title}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor={ids.type} className="font-medium text-slate-900">
                    Application type
                  </label>
                  <select
                    id={ids.type}
                    className={field}
                    value={chosenType}
                    disabled={!event}
                    onChange={(e) => setType(e.target.value)}
                  >
                    {types.map((t) => (
                      <option key={t} value={t}>
                        {applicationTypeLabel(t, config)}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor={ids.status} className="font-medium text-slate-900">
                    Status
                  </label>
                  <select
                    id={ids.status}
                    className={field}
                    value={status}
                    onChange={(e) => setStatus(e.target.value as ApplicationStatus)}
                  >
                    {APPLICATION_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {statusLabel(s, 'staff')}
                      </option>
                    ))}
                  </select>
                </div>
              </form>
              {event && chosenType ? (
                <>
                  <p className="mt-6 flex flex-wrap items-center gap-2 text-slate-800">
                    Previewing a member whose application reads
                    <StatusBadge
                      status={status}
                      audience="member"
                      typeLabel={applicationTypeLabel(chosenType, config)}
                      announce={false}
                    />
                  </p>
                  <SandboxPreview eventSlug={event.slug} preview={{ applicationType: chosenType, status }} />
                </>
              ) : (
                <p className="mt-8 text-slate-700">
                  {event ? 'This event has no application types.' : 'Choose an event to preview.'}
                </p>
              )}
            </>
          )
        }}
      </QueryView>
    </div>
  )
}
