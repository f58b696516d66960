import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useQuery } from 'urql'
import { canGrantRole, roleGrantSchema } from '#core/auth/role-terms.ts'
import { roleName, ROLES, type Role } from '#core/auth/roles.ts'
import { Button } from '#client/components/ui/button.tsx'
import { DateTimeInput, Form, Select, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
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

interface GrantValues {
  email: string
  role: Role
  /** As the input holds it (the society's wall clock); "" is no end. */
  ends: string
}

function GrantForm({
  grantable,
  timeZone,
  onDone,
}: {
  grantable: Role[]
  timeZone: string
  onDone: () => void
}) {
  const [problem, setProblem] = useState<string | null>(null)
  const grant = useAppMutation(GrantCommitteeRoleMutation, { report: 'inline' })
  const titleId = useId()
  const toInput = (values: GrantValues) => ({
    email: values.email,
    role: values.role,
    // A wall-clock time that is no instant: the schema's "Give a valid end date."
    endsAt: values.ends ? (fromDateTimeLocal(values.ends, timeZone) ?? 'invalid') : null,
  })
  const form = useForm<GrantValues>({
    defaultValues: {
      email: '',
      role: grantable.includes('boardMember') ? 'boardMember' : grantable[0]!,
      ends: '',
    },
    resolver: zodResolver<GrantValues>(roleGrantSchema, {
      toInput,
      pathOf: (path) => (path[0] === 'endsAt' ? 'ends' : path.map(String).join('.')),
    }),
  })

  async function onSubmit(values: GrantValues) {
    setProblem(null)
    const { email, role, endsAt } = toInput(values)
    const outcome = await grant.run(
      { email: email.trim(), role, endsAt },
      { success: `${roleName(role)} granted to ${email.trim()}.` },
    )
    if (outcome.ok) {
      form.reset({ ...values, email: '', ends: '' })
      onDone()
    } else setProblem(outcome.message ?? outcome.failure.message)
  }

  return (
    <Panel as="section" aria-labelledby={`${titleId}-title`} className="mt-8">
      <h2 id={`${titleId}-title`} className="text-lg font-bold text-brand-950">
        Grant a role
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Granting a role someone holds renews their term. Without an end it lasts until revoked.
      </p>
      <Form
        form={form}
        onSubmit={onSubmit}
        idPrefix="grant"
        summary={false}
        className="mt-4 grid gap-4 sm:grid-cols-[2fr_1fr_1.5fr_auto] sm:items-end"
      >
        <TextInput<GrantValues>
          name="email"
          label="Member's email"
          type="email"
          autoComplete="off"
          required
        />
        <Select<GrantValues>
          name="role"
          label="Role"
          options={grantable.map((r) => ({ value: r, label: roleName(r) }))}
        />
        <DateTimeInput<GrantValues> name="ends" label={`Term ends (${timeZone}, optional)`} />
        <Button type="submit" pending={grant.fetching}>
          Grant
        </Button>
      </Form>
      {problem ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </Panel>
  )
}

/** Hand a role over: the new holder's email, checked as a grant checks it. */
const handOverSchema = roleGrantSchema.pick({ email: true })

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
  const form = useForm<{ email: string }>({
    defaultValues: { email: '' },
    resolver: zodResolver(handOverSchema),
  })
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

  async function onHandOver({ email }: { email: string }) {
    const to = email
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
        <Form
          form={form}
          onSubmit={onHandOver}
          idPrefix={`hand-over-${holder.role}-${holder.user.id}`}
          summary={false}
          className="mt-3 flex flex-wrap items-end gap-3"
        >
          <TextInput
            name="email"
            label={`Hand ${roleName(holder.role)} over to (email)`}
            type="email"
            className="min-w-0 grow"
          />
          <Button type="submit" pending={handOver.fetching}>
            Hand over
          </Button>
        </Form>
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
