import { ArrowLeft, ChevronLeft, ChevronRight, FileText } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import toast from 'react-hot-toast'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { useMutation, useQuery, type CombinedError } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { CastingApplicationQuery as DetailData } from '#client/gql/graphql.ts'
import { formatDate, formatDateTime } from '#client/lib/format.ts'
import { displayName, scoreText, STATUS_LABELS } from '../casting-format.ts'
import { queryArgs, viewFromParams, viewQuery } from '../casting-url.ts'
import { AssignPartMutation, CastingApplicationQuery, SaveReviewMutation } from '../graphql/casting.query.ts'
import { useApplicationChanges } from '../hooks/use-application-changes.ts'
import { applicantStepOf } from '../keyboard.ts'

type Detail = NonNullable<DetailData['castingApplication']>

const panel = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100'
const h2 = 'text-lg font-bold text-brand-950'

function errorOf(error: CombinedError): { code: string | undefined; message: string } {
  const first = error.graphQLErrors[0]
  return {
    code: first?.extensions?.code as string | undefined,
    message: first?.message ?? 'Something went wrong. Please try again.',
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={panel}>
      <h2 id={id} className={h2}>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  )
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, v]) => v !== null && v !== undefined && v !== '')
  if (!shown.length) return <p className="text-slate-700">Nothing given.</p>
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,auto)_minmax(0,1fr)]">
      {shown.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold text-slate-900">{k}</dt>
          <dd className="min-w-0 text-slate-800 [overflow-wrap:anywhere]">{v}</dd>
        </div>
      ))}
    </dl>
  )
}

function PartForm({
  app,
  onDirty,
  onSaved,
  onConflict,
}: {
  app: Detail
  onDirty: (dirty: boolean) => void
  onSaved: () => void
  onConflict: () => void
}) {
  const id = useId()
  const [value, setValue] = useState(app.part ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, assign] = useMutation(AssignPartMutation)
  const dirty = value !== (app.part ?? '')
  useEffect(() => {
    onDirty(dirty)
  }, [dirty, onDirty])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setProblem(null)
    onSaved()
    const result = await assign({ applicationId: app.id, part: value || null, expectedVersion: app.version })
    if (result.error) {
      const { code, message } = errorOf(result.error)
      if (code === 'CONFLICT') {
        setValue(app.part ?? '')
        setProblem(
          'Another admin changed this application meanwhile. It has been reloaded: check their change and choose again.',
        )
        onConflict()
      } else setProblem(message)
      return
    }
    setValue(result.data?.assignPart.part ?? '')
    toast.success(value ? `Part set to ${value}.` : 'Part cleared.')
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-48 grow">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
          Part
        </label>
        <select
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby={problem ? `${id}-error` : undefined}
          className="mt-1.5 block w-full rounded-lg border border-slate-400 bg-white px-2.5 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700"
        >
          <option value="">No part</option>
          {app.event.parts.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" pending={saving.fetching} disabled={!dirty}>
        Save part
      </Button>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  )
}

function ReviewForm({
  app,
  onDirty,
  onSaved,
}: {
  app: Detail
  onDirty: (dirty: boolean) => void
  onSaved: () => void
}) {
  const id = useId()
  const mine = app.application.myReview
  const [score, setScore] = useState<number | null>(mine?.score ?? null)
  const [note, setNote] = useState(mine?.note ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, save] = useMutation(SaveReviewMutation)
  const dirty = score !== (mine?.score ?? null) || note.trim() !== (mine?.note ?? '')
  useEffect(() => {
    onDirty(dirty)
  }, [dirty, onDirty])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setProblem(null)
    onSaved()
    const result = await save({ applicationId: app.id, score, note })
    if (result.error) setProblem(errorOf(result.error).message)
    else toast.success('Your review is saved.')
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Your score</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5, null].map((n) => (
            <label
              key={n ?? 'none'}
              className="flex cursor-pointer items-center gap-1.5 rounded-lg px-3 py-1.5 ring-1 ring-slate-300 has-checked:bg-brand-700 has-checked:text-white has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
            >
              <input
                type="radio"
                name={`${id}-score`}
                value={n ?? ''}
                checked={score === n}
                onChange={() => setScore(n)}
                className="sr-only"
              />
              {n ?? 'No score'}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-slate-900">
          Your note
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          rows={4}
          maxLength={5000}
          className="mt-1.5 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-xs focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700"
        />
      </div>
      <Button type="submit" pending={saving.fetching}>
        Save review
      </Button>
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  )
}

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
                <p className="mt-1 text-slate-700">
                  {[
                    a.event.applicationTypes.find((t) => t.key === a.applicationType)?.label ??
                      a.applicationType,
                    STATUS_LABELS[a.status],
                    a.part ? `Part: ${a.part}` : 'No part yet',
                    `Score ${scoreText(a.averageScore, a.reviewCount)}`,
                  ].join(' · ')}
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
                  {a.answers.length ? (
                    <dl className="space-y-4">
                      {a.answers.map((answer) => (
                        <div key={answer.questionId}>
                          <dt className="text-sm font-semibold text-slate-900">{answer.label}</dt>
                          <dd className="mt-1 break-words whitespace-pre-line text-slate-800">
                            {answer.kind === 'file' && answer.fileUrl ? (
                              <a
                                href={answer.fileUrl}
                                className="inline-flex items-center gap-1 font-semibold text-brand-800 underline"
                              >
                                <FileText aria-hidden="true" className="size-4" />
                                {answer.fileName ?? 'Download the file'}
                              </a>
                            ) : answer.text ? (
                              answer.text
                            ) : (
                              <span className="text-slate-600">No answer</span>
                            )}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  ) : (
                    <p className="text-slate-700">This application type has no extra questions.</p>
                  )}
                </Section>
                <Section title="Reviews">
                  {a.application.reviews.length ? (
                    <ul className="space-y-3">
                      {a.application.reviews.map((r) => (
                        <li key={r.id} className="rounded-xl bg-slate-50 p-3">
                          <p className="text-sm font-semibold text-slate-900">
                            {r.reviewerName}
                            {r.mine ? ' (you)' : ''}: {r.score ? `${r.score} / 5` : 'no score'}
                          </p>
                          {r.note ? (
                            <p className="mt-1 whitespace-pre-line text-slate-800">{r.note}</p>
                          ) : null}
                          <p className="mt-1 text-xs text-slate-600">{formatDateTime(r.updatedAt)}</p>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-slate-700">No reviews yet.</p>
                  )}
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
                  <Facts
                    items={[
                      ['Email', a.application.applicant.email],
                      ['Phone', a.application.applicant.phone],
                      ['Pronouns', a.application.applicant.pronouns],
                      ['Voice part', a.application.applicant.voicePart],
                      [
                        'Instruments',
                        a.application.applicant.instruments
                          .map((i) => `${i.instrument} (${i.level})`)
                          .join(', '),
                      ],
                      ['Status', a.application.applicant.studentStatus],
                      ['Institution', a.application.applicant.institution],
                      ['Course', a.application.applicant.course],
                      ['Graduating', a.application.applicant.graduationYear],
                      ['Dietary requirements', a.application.applicant.dietaryRequirements],
                      ['Access needs', a.application.applicant.accessNeeds],
                      ['Bio', a.application.applicant.bio],
                    ]}
                  />
                </Section>
                <Section title="Past participation">
                  {a.application.pastParticipation.length ? (
                    <ul className="space-y-2 text-sm">
                      {a.application.pastParticipation.map((p) => (
                        <li key={p.id}>
                          <span className="font-semibold text-slate-900">{p.eventTitle}</span>{' '}
                          <span className="text-slate-700">
                            ({formatDate(p.startDate)}) · {p.applicationType} · {STATUS_LABELS[p.status]}
                            {p.part ? ` · ${p.part}` : ''}
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-slate-700">No earlier events.</p>
                  )}
                </Section>
                <Section title="Other applications to this event">
                  {a.application.otherApplications.length ? (
                    <ul className="space-y-2 text-sm">
                      {a.application.otherApplications.map((o) => (
                        <li key={o.id}>
                          <Link to={hrefOf(o.slug)} className="font-semibold text-brand-800 underline">
                            {a.event.applicationTypes.find((t) => t.key === o.applicationType)?.label ??
                              o.applicationType}
                          </Link>{' '}
                          <span className="text-slate-700">
                            · {STATUS_LABELS[o.status]}
                            {o.part ? ` · ${o.part}` : ''}
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-slate-700">None.</p>
                  )}
                </Section>
              </div>
            </div>
          </div>
        )}
      </QueryView>
    </div>
  )
}
