import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { Panel } from '#client/components/ui/panel.tsx'
import { roleName } from '#core/auth/roles.ts'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { MemberRecordQuery as MemberRecordData } from '#client/gql/graphql.ts'
import { formatDate, formatDateTime } from '#client/lib/format.ts'
import { MemberRecordQuery } from '../graphql/member-records.query.ts'
import { StaffEditForm } from './staff-edit-form.tsx'
import { activityWording, sentenceCase } from '#core/audit/activity-wording.ts'
import { voicePartName } from '#core/profiles/profile.schemas.ts'

type Detail = MemberRecordData['memberRecord']

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Panel as="section" aria-labelledby={id} className="mt-6">
      <h2 id={id} className="text-lg font-bold text-brand-950">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </Panel>
  )
}

function None({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-700">{children}</p>
}

function ProfileFacts({ record }: { record: Detail }) {
  const facts: [string, string | null | undefined][] = [
    ['Preferred name', record.member.preferredName],
    ['Pronouns', record.pronouns],
    ['Phone', record.phone],
    ['Voice part', record.member.voicePart && voicePartName(record.member.voicePart)],
    ['Instruments', record.member.instruments],
    ['Emergency contact', record.emergencyContact],
    ['Dietary requirements', record.dietaryRequirements],
    ['Access needs', record.accessNeeds],
    ['Joined', formatDate(record.member.joinedAt)],
  ]
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-900">{label}</dt>
          <dd className="text-slate-700">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  )
}

function Applications({ record }: { record: Detail }) {
  if (record.applications.length === 0) return <None>No applications.</None>
  return (
    <ul className="grid gap-3" aria-label="Applications">
      {record.applications.map((a) => {
        const paid = record.payments.filter((p) => p.applicationId === a.id)
        return (
          <li key={a.id} className="rounded-lg border border-slate-200 p-3 text-sm">
            <p className="flex flex-wrap justify-between gap-x-4">
              <span className="font-semibold text-brand-950">
                {a.eventTitle} · {a.applicationType}
              </span>
              <span>
                <span className="font-semibold">{a.status}</span> · submitted {formatDate(a.submittedAt)}
              </span>
            </p>
            <p className="mt-1 text-slate-700">
              {paid.length === 0
                ? 'No payments recorded.'
                : `Paid ${pounds(a.paidPence)}: ` +
                  paid
                    .map(
                      (p) =>
                        `${pounds(p.amountPence)} ${p.lineKey} by ${p.method} on ${formatDate(p.recordedAt)}`,
                    )
                    .join('; ')}
            </p>
          </li>
        )
      })}
    </ul>
  )
}

function Lists({ record }: { record: Detail }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        <h3 className="font-semibold text-slate-900">Tickets</h3>
        {record.ticketOrders.length === 0 ? (
          <None>No ticket orders.</None>
        ) : (
          <ul className="mt-1 grid gap-1 text-sm">
            {record.ticketOrders.map((o) => (
              <li key={o.id}>
                {o.eventTitle}: {o.quantity} {o.quantity === 1 ? 'ticket' : 'tickets'},{' '}
                {pounds(o.amountPence)} · {o.status} · {o.reference}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">Mailing lists</h3>
        {record.subscriptions.length === 0 ? (
          <None>On no mailing list.</None>
        ) : (
          <ul className="mt-1 grid gap-1 text-sm">
            {record.subscriptions.map((s) => (
              <li key={s.id}>
                <Link
                  to={`/admin/mailing-lists/${encodeURIComponent(s.listSlug)}`}
                  className="text-brand-800 underline"
                >
                  {s.listName}
                </Link>{' '}
                · {s.status}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function Roles({ record }: { record: Detail }) {
  if (record.member.roles.length === 0) return <None>A member with no staff role.</None>
  return (
    <ul className="grid gap-1 text-sm" aria-label="Roles">
      {record.member.roles.map((role) => {
        const term = record.roleTerms.find((t) => t.role === role)
        return (
          <li key={role}>
            <span className="font-semibold">{roleName(role)}</span>
            {term
              ? ` · since ${formatDate(term.startsAt)}${term.endsAt ? `, ends ${formatDateTime(term.endsAt)}` : ', until revoked'}`
              : ''}
          </li>
        )
      })}
    </ul>
  )
}

function changes(value: unknown): string {
  if (!value || typeof value !== 'object') return ''
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ')
}

function Audit({ record }: { record: Detail }) {
  if (record.audit.length === 0) return <None>Nothing recorded yet.</None>
  return (
    <ol className="grid gap-2 text-sm" aria-label="Recent audit entries">
      {record.audit.map((e) => (
        <li key={e.id} className="break-words">
          <span className="font-semibold">{sentenceCase(activityWording(e.action))}</span> ·{' '}
          {formatDateTime(e.createdAt)}
          {e.before || e.after ? (
            <span className="block text-slate-700">
              {e.before ? `before ${changes(e.before)}` : ''}
              {e.before && e.after ? ' → ' : ''}
              {e.after ? `after ${changes(e.after)}` : ''}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

/** `/admin/profiles/{slug}`: a member's record (superAdmin, boardMember, orchestraAdmin). */
export function MemberRecordPage({ notFound }: { notFound: ReactNode }) {
  const { slug = '' } = useParams()
  const response = useQuery({
    query: MemberRecordQuery,
    variables: { slug },
    requestPolicy: 'cache-and-network',
  })
  const [, refetch] = response
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-8 sm:py-12">
      <QueryView
        query={response}
        loadingLabel="Loading the record…"
        what="the member’s record"
        notFound={notFound}
      >
        {({ memberRecord: record }) => (
          <>
            <title>{`${record.member.name} · Profiles · Stagedoor`}</title>
            <p className="text-sm">
              <Link to="/admin/profiles" className="text-brand-800 underline">
                Profiles
              </Link>
            </p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words text-brand-950">
              {record.member.name}
            </h1>
            <p className="mt-1 break-all text-slate-700">{record.member.email}</p>
            <Section id="profile-title" title="Profile">
              <ProfileFacts record={record} />
              <StaffEditForm record={record} onSaved={() => refetch({ requestPolicy: 'network-only' })} />
            </Section>
            <Section id="applications-title" title="Applications and payments">
              <Applications record={record} />
            </Section>
            <Section id="lists-title" title="Tickets and mailing lists">
              <Lists record={record} />
            </Section>
            <Section id="roles-title" title="Roles">
              <Roles record={record} />
            </Section>
            <Section id="audit-title" title="Recent changes">
              <Audit record={record} />
            </Section>
          </>
        )}
      </QueryView>
    </div>
  )
}
