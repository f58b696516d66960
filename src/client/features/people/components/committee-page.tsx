import { useId, useState, type FormEvent } from 'react'
import { useQuery } from 'urql'
import { canGrantRole } from '#core/auth/role-terms.ts'
import { roleName, ROLES, type Role } from '#core/auth/roles.ts'
import { Button } from '#client/components/ui/button.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { CommitteeQuery as CommitteeData } from '#client/gql/graphql.ts'
import { fromDateTimeLocal } from '#client/lib/datetime-local.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import {
  CommitteeQuery,
  GrantCommitteeRoleMutation,
  HandOverRoleMutation,
  RevokeRoleMutation,
} from '../graphql/committee.query.ts'

type Holder = CommitteeData['committee'][number]

function GrantForm({
  grantable,
  timeZone,
  onDone,
}: {
  grantable: Role[]
  timeZone: string
  onDone: () => void
}) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>(grantable.includes('boardMember') ? 'boardMember' : grantable[0]!)
  const [ends, setEnds] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const grant = useAppMutation(GrantCommitteeRoleMutation, { report: 'inline' })
  const roleId = useId()

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const endsAt = ends ? fromDateTimeLocal(ends, timeZone) : null
    if (ends && !endsAt) return setProblem('Give a valid end date and time.')
    setProblem(null)
    const outcome = await grant.run(
      { email: email.trim(), role, endsAt },
      { success: `${roleName(role)} granted to ${email.trim()}.` },
    )
    if (outcome.ok) {
      setEmail('')
      setEnds('')
      onDone()
    } else setProblem(outcome.message ?? outcome.failure.message)
  }

  return (
    <Panel as="section" aria-labelledby={`${roleId}-title`} className="mt-8">
      <h2 id={`${roleId}-title`} className="text-lg font-bold text-brand-950">
        Grant a role
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Granting a role someone holds renews their term. Without an end it lasts until revoked.
      </p>
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-[2fr_1fr_1.5fr_auto] sm:items-end"
      >
        <TextField
          label="Member's email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <div>
          <label htmlFor={roleId} className="block text-sm font-semibold text-slate-900">
            Role
          </label>
          <select
            id={roleId}
            className={`${fieldClass()} mt-1`}
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
          >
            {grantable.map((r) => (
              <option key={r} value={r}>
                {roleName(r)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={`Term ends (${timeZone}, optional)`}
          type="datetime-local"
          value={ends}
          onChange={(e) => setEnds(e.target.value)}
        />
        <Button type="submit" pending={grant.fetching}>
          Grant
        </Button>
      </form>
      {problem ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </Panel>
  )
}

function HolderRow({
  holder,
  timeZone,
  mayChange,
  onDone,
}: {
  holder: Holder
  timeZone: string
  mayChange: boolean
  onDone: () => void
}) {
  const [handingOver, setHandingOver] = useState(false)
  const [to, setTo] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const revoke = useAppMutation(RevokeRoleMutation, { report: 'inline' })
  const handOver = useAppMutation(HandOverRoleMutation, { report: 'inline' })
  const who = holder.user.name || holder.user.email

  async function onRevoke() {
    const outcome = await revoke.run(
      { userId: holder.user.id, role: holder.role },
      { success: `${roleName(holder.role)} revoked from ${who}.` },
    )
    if (outcome.ok) onDone()
    else setProblem(outcome.message ?? outcome.failure.message)
  }

  async function onHandOver(event: FormEvent) {
    event.preventDefault()
    const outcome = await handOver.run(
      { role: holder.role, fromUserId: holder.user.id, toEmail: to.trim() },
      { success: `${roleName(holder.role)} handed over to ${to.trim()}.` },
    )
    if (outcome.ok) onDone()
    else setProblem(outcome.message ?? outcome.failure.message)
  }

  return (
    <li className="py-3" data-holder={holder.user.email}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold text-slate-900">{who}</p>
          <p className="text-sm text-slate-700">
            {holder.user.email} ·{' '}
            {holder.endsAt ? `term ends ${formatDateTime(holder.endsAt, timeZone)}` : 'no end date'}
          </p>
        </div>
        {mayChange ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              aria-expanded={handingOver}
              onClick={() => setHandingOver(!handingOver)}
            >
              Hand over
              <span className="sr-only">
                {' '}
                {roleName(holder.role)} from {who}
              </span>
            </Button>
            <Button variant="secondary" pending={revoke.fetching} onClick={onRevoke}>
              Revoke
              <span className="sr-only">
                {' '}
                {roleName(holder.role)} from {who}
              </span>
            </Button>
          </div>
        ) : null}
      </div>
      {handingOver ? (
        <form onSubmit={onHandOver} noValidate className="mt-3 flex flex-wrap items-end gap-3">
          <TextField
            label={`Hand ${roleName(holder.role)} over to (email)`}
            type="email"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="min-w-0 grow"
          />
          <Button type="submit" pending={handOver.fetching}>
            Hand over
          </Button>
        </form>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </li>
  )
}

/**
 * `/admin/committee` (superAdmin, boardMember): who holds each role and until when; grant, renew,
 * revoke and hand over. Only a superAdmin may touch superAdmin (core/auth/role-terms.ts).
 */
export function CommitteePage() {
  const query = useQuery({ query: CommitteeQuery, requestPolicy: 'cache-and-network' })
  const timeZone = useSocietyTimeZone()
  const { user } = useAuth()
  const grantable = ROLES.filter((role) => canGrantRole(user, role))
  const refresh = () => query[1]({ requestPolicy: 'network-only' })
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Committee · Stagedoor</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Committee</h1>
      <p className="mt-2 text-slate-700">
        Roles with an end date lapse by themselves at the end of the term; the holder is emailed a week
        before.
      </p>
      {timeZone && grantable.length > 0 ? (
        <GrantForm grantable={grantable} timeZone={timeZone} onDone={refresh} />
      ) : null}
      <QueryView query={query} loadingLabel="Loading the committee…" what="the committee" level={2}>
        {({ committee }) =>
          !timeZone ? null : (
            <div className="mt-8 grid gap-4">
              {ROLES.map((role) => {
                const holders = committee.filter((h) => h.role === role)
                return (
                  <Panel as="section" key={role} aria-labelledby={`committee-${role}`}>
                    <h2 id={`committee-${role}`} className="text-lg font-bold text-brand-950">
                      {roleName(role)}
                    </h2>
                    {holders.length === 0 ? (
                      <p className="mt-1 text-sm text-slate-700">Nobody holds this role.</p>
                    ) : (
                      <ul className="divide-y divide-slate-200" aria-label={`${roleName(role)} holders`}>
                        {holders.map((holder) => (
                          <HolderRow
                            key={holder.user.id}
                            holder={holder}
                            timeZone={timeZone}
                            mayChange={canGrantRole(user, role)}
                            onDone={refresh}
                          />
                        ))}
                      </ul>
                    )}
                  </Panel>
                )
              })}
            </div>
          )
        }
      </QueryView>
    </div>
  )
}
