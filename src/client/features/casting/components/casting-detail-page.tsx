import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { useQuery } from 'urql'
import { applicationTypeLabel } from '#core/applications/status-wording.ts'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { StatusBadge } from '#client/components/ui/status-badge.tsx'
import { formatDateTime } from '#client/lib/format.ts'
import { displayName, scoreText } from '../casting-format.ts'
import { queryArgs, viewFromParams, viewQuery } from '../casting-url.ts'
import { CastingApplicationQuery } from '../graphql/casting.query.ts'
import { useApplicationChanges } from '../hooks/use-application-changes.ts'
import { applicantStepOf } from '../keyboard.ts'
import {
  Answers,
  OtherApplications,
  PastParticipation,
  Profile,
  Reviews,
  Section,
} from './application-sections.tsx'
import { PartForm } from './part-form.tsx'
import { ReviewForm } from './review-form.tsx'

/**
 * `/admin/casting/{eventSlug}/application/{slug}`: one application with answers, profile, history,
 * every reviewer's score and note, the viewer's own review and the part. J/→ and K/← (or the
 * Previous/Next links) move through the list in its filter and sort, carried in the query string.
 * Changes by other admins reload the page's data live; unsaved edits are kept and flagged.
 */
export function CastingDetailPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '', slug = '' } = useParams()
  const [params] = useSearchParams()
  const view = useMemo(() => viewFromParams(params), [params])
  const query = viewQuery(view)
  const variables = useMemo(() => ({ eventSlug, slug, ...queryArgs(view) }), [eventSlug, slug, view])
  const detail = useQuery({ query: CastingApplicationQuery, variables, requestPolicy: 'cache-and-network' })
  const [, reexecute] = detail
  const navigate = useNavigate()
  const app = detail[0].data?.castingApplication
  const neighbours = detail[0].data?.castingNeighbours
  const hrefOf = (s: string) =>
    `/admin/casting/${encodeURIComponent(eventSlug)}/application/${encodeURIComponent(s)}${query}`

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const step = applicantStepOf(event)
      if (!step || event.defaultPrevented) return
      const target = step === 'next' ? neighbours?.next : neighbours?.previous
      if (!target) return
      event.preventDefault()
      navigate(hrefOf(target))
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  })

  // Live: another admin changed this application: reload it, and tell the admin if they were editing.
  const dirty = useRef<Record<string, boolean>>({})
  const ownSaveAt = useRef(0)
  const [notice, setChangedNotice] = useState<{ slug: string; text: string } | null>(null)
  const changedNotice = notice?.slug === slug ? notice.text : null
  useApplicationChanges(eventSlug, (change) => {
    if (!app || change.applicationId !== app.id) return
    reexecute({ requestPolicy: 'network-only' })
    // Our own save comes back through the subscription too.
    if (Date.now() - ownSaveAt.current < 3000) return
    const editing = Object.values(dirty.current).some(Boolean)
    setChangedNotice({
      slug,
      text: editing
        ? 'Another admin just changed this application. Your unsaved edits are still here: check their change before you save.'
        : 'Another admin just changed this application; it shows their change now.',
    })
  })
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    headingRef.current?.focus()
  }, [slug])

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-8 sm:py-10">
      <Link
        to={`/admin/casting/${encodeURIComponent(eventSlug)}${query}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the list
      </Link>
      <QueryView
        query={detail}
        loadingLabel="Loading the application…"
        what="the application"
        notFound={notFound}
      >
        {({ castingApplication: a, castingNeighbours: n }) => (
          <div key={a.id}>
            <title>{`${displayName(a)} · Casting · Stagedoor`}</title>
            <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
              <div className="min-w-0">
                <h1
                  ref={headingRef}
                  tabIndex={-1}
                  className="text-3xl font-extrabold tracking-tight text-brand-950 focus:outline-none sm:text-4xl"
                >
                  {displayName(a)}
                </h1>
                <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
                  <StatusBadge
                    status={a.status}
                    audience="staff"
                    typeLabel={applicationTypeLabel(a.applicationType, a.event.applicationTypes)}
                  />
                  <span>
                    {[
                      a.part ? `Part: ${a.part}` : 'No part yet',
                      `Score ${scoreText(a.averageScore, a.reviewCount)}`,
                    ].join(' · ')}
                  </span>
                </p>
                <p className="text-sm text-slate-600">
                  {a.event.title} · submitted {formatDateTime(a.submittedAt)}
                </p>
              </div>
              <nav aria-label="Applicants" className="flex items-center gap-2">
                {n.previous ? (
                  <Link
                    to={hrefOf(n.previous)}
                    rel="prev"
                    className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50"
                  >
                    <ChevronLeft aria-hidden="true" className="size-4" />
                    Previous
                  </Link>
                ) : null}
                {n.position ? (
                  <span className="text-sm text-slate-700">
                    {n.position} of {n.totalCount}
                  </span>
                ) : null}
                {n.next ? (
                  <Link
                    to={hrefOf(n.next)}
                    rel="next"
                    className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50"
                  >
                    Next
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </Link>
                ) : null}
              </nav>
            </div>
            <p className="mt-2 text-xs text-slate-600">
              Keyboard: J or → for the next applicant, K or ← for the previous.
            </p>
            <div aria-live="polite">
              {changedNotice ? (
                <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
                  {changedNotice}
                </p>
              ) : null}
            </div>

            <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <div className="min-w-0 space-y-6">
                <Section title="Answers">
                  <Answers a={a} />
                </Section>
                <Section title="Reviews">
                  <Reviews a={a} />
                </Section>
                <Section title="Your review">
                  <ReviewForm
                    key={`${a.id}-${a.application.myReview?.id ?? 'new'}`}
                    app={a}
                    onDirty={(d) => (dirty.current.review = d)}
                    onSaved={() => (ownSaveAt.current = Date.now())}
                  />
                </Section>
              </div>
              <div className="min-w-0 space-y-6">
                <Section title="Casting">
                  {a.event.parts.length ? (
                    <PartForm
                      key={`${a.id}-${a.version}`}
                      app={a}
                      onDirty={(d) => (dirty.current.part = d)}
                      onSaved={() => (ownSaveAt.current = Date.now())}
                      onConflict={() => reexecute({ requestPolicy: 'network-only' })}
                    />
                  ) : (
                    <p className="text-slate-700">
                      This event has no parts yet. Add them in Event Config to assign them here.
                    </p>
                  )}
                </Section>
                <Section title="Profile">
                  <Profile a={a} />
                </Section>
                <Section title="Past participation">
                  <PastParticipation a={a} />
                </Section>
                <Section title="Other applications to this event">
                  <OtherApplications a={a} hrefOf={hrefOf} />
                </Section>
              </div>
            </div>
          </div>
        )}
      </QueryView>
    </div>
  )
}
