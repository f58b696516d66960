import { FileText } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import { applicationTypeLabel } from '#core/applications/status-wording.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { StatusBadge } from '#client/components/ui/status-badge.tsx'
import type { CastingApplicationQuery as DetailData } from '#client/gql/graphql.ts'
import { formatDate, formatDateTime } from '#client/lib/format.ts'
import { voicePartName } from '#core/profiles/profile.schemas.ts'
import { STUDENT_STATUS_WORDS } from '#core/profiles/student-status.ts'

type Detail = NonNullable<DetailData['castingApplication']>

/** A titled panel of the application page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <Panel as="section" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-brand-950">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </Panel>
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

/** The answers to the type's questions, files as download links. */
export function Answers({ a }: { a: Detail }) {
  return a.answers.length ? (
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
  )
}

/** Every reviewer's score and note. */
export function Reviews({ a }: { a: Detail }) {
  return a.application.reviews.length ? (
    <ul className="space-y-3">
      {a.application.reviews.map((r) => (
        <li key={r.id} className="rounded-xl bg-slate-50 p-3">
          <p className="text-sm font-semibold text-slate-900">
            {r.reviewerName}
            {r.mine ? ' (you)' : ''}: {r.score ? `${r.score} / 5` : 'no score'}
          </p>
          {r.note ? <p className="mt-1 whitespace-pre-line text-slate-800">{r.note}</p> : null}
          <p className="mt-1 text-xs text-slate-600">{formatDateTime(r.updatedAt)}</p>
        </li>
      ))}
    </ul>
  ) : (
    <p className="text-slate-700">No reviews yet.</p>
  )
}

/** The applicant's profile, as they keep it. */
export function Profile({ a }: { a: Detail }) {
  return (
    <Facts
      items={[
        ['Email', a.application.applicant.email],
        ['Phone', a.application.applicant.phone],
        ['Pronouns', a.application.applicant.pronouns],
        ['Voice part', a.application.applicant.voicePart && voicePartName(a.application.applicant.voicePart)],
        [
          'Instruments',
          a.application.applicant.instruments.map((i) => `${i.instrument} (${i.level})`).join(', '),
        ],
        [
          'Status',
          a.application.applicant.studentStatus &&
            STUDENT_STATUS_WORDS[a.application.applicant.studentStatus],
        ],
        ['Institution', a.application.applicant.institution],
        ['Course', a.application.applicant.course],
        ['Graduating', a.application.applicant.graduationYear],
        ['Dietary requirements', a.application.applicant.dietaryRequirements],
        ['Access needs', a.application.applicant.accessNeeds],
        ['Bio', a.application.applicant.bio],
      ]}
    />
  )
}

/** The applicant's applications to earlier events, with their status there. */
export function PastParticipation({ a }: { a: Detail }) {
  return a.application.pastParticipation.length ? (
    <ul className="space-y-2 text-sm">
      {a.application.pastParticipation.map((p) => (
        <li key={p.id}>
          <span className="font-semibold text-slate-900">{p.eventTitle}</span>{' '}
          <span className="text-slate-700">({formatDate(p.startDate)})</span>{' '}
          <StatusBadge
            status={p.status}
            audience="staff"
            typeLabel={applicationTypeLabel(p.applicationType)}
            size="sm"
          />
          {p.part ? <span className="text-slate-700"> · {p.part}</span> : null}
        </li>
      ))}
    </ul>
  ) : (
    <p className="text-slate-700">No earlier events.</p>
  )
}

/** The applicant's other applications to this event, each a link to its page. */
export function OtherApplications({ a, hrefOf }: { a: Detail; hrefOf: (slug: string) => string }) {
  return a.application.otherApplications.length ? (
    <ul className="space-y-2 text-sm">
      {a.application.otherApplications.map((o) => (
        <li key={o.id}>
          <Link to={hrefOf(o.slug)} className="font-semibold text-brand-800 underline">
            {applicationTypeLabel(o.applicationType, a.event.applicationTypes)}
          </Link>{' '}
          <StatusBadge status={o.status} audience="staff" size="sm" />
          {o.part ? <span className="text-slate-700"> · {o.part}</span> : null}
        </li>
      ))}
    </ul>
  ) : (
    <p className="text-slate-700">None.</p>
  )
}
