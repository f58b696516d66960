import { useId, useState } from 'react'
import { useQuery } from 'urql'
import { ATTENDANCE_LABELS, ATTENDANCE_MARKS } from '#core/operations/attendance.ts'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { errorMessage } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { AttendanceRegisterQuery, MarkAttendanceMutation } from '../graphql/operations.query.ts'
import { formatCalendarDate } from '#client/lib/format.ts'

/** A register per rehearsal or performance date: one row per member, tick present / apologies / absent. */
export function AttendancePanel({ eventSlug }: { eventSlug: string }) {
  const [date, setDate] = useState<string | null>(null)
  const [query, reexecute] = useQuery({
    query: AttendanceRegisterQuery,
    variables: { eventSlug, date },
    requestPolicy: 'cache-and-network',
  })
  const mark = useAppMutation(MarkAttendanceMutation, { report: 'inline' })
  const dateId = useId()
  const register = query.data?.attendanceRegister
  if (query.error) return <p role="alert">{errorMessage(query.error, 'The register could not be loaded.')}</p>
  if (!register) return <p>Loading the register…</p>
  if (!register.dates.length) {
    return (
      <EmptyState
        title="No dates yet."
        action={{
          label: 'Add rehearsal and performance dates',
          to: `/admin/events/${encodeURIComponent(eventSlug)}/edit`,
        }}
      >
        The register has a column per rehearsal or performance: add the dates to the event&rsquo;s schedule
        first.
      </EmptyState>
    )
  }
  return (
    <section aria-labelledby="register-heading">
      <h2 id="register-heading" className="text-xl font-bold text-brand-950">
        Register
      </h2>
      <label htmlFor={dateId} className="mt-3 block text-sm font-semibold text-slate-900">
        Date
      </label>
      <select
        id={dateId}
        className={`mt-1 ${fieldClass()} max-w-full`}
        value={date ?? ''}
        onChange={(e) => setDate(e.target.value || null)}
      >
        <option value="">Choose a date</option>
        {register.dates.map((d) => (
          <option key={d.date} value={d.date}>
            {formatCalendarDate(d.date)} · {d.kind === 'PERFORMANCE' ? 'Performance' : 'Rehearsal'}
            {d.label ? ` · ${d.label}` : ''}
          </option>
        ))}
      </select>
      {mark.message ? (
        <p role="alert" className="mt-2 text-red-800">
          {mark.message}
        </p>
      ) : null}
      {register.date ? (
        <ul
          className="mt-4 divide-y divide-brand-100"
          aria-label={`Register for ${formatCalendarDate(register.date.date)}`}
        >
          {register.lines.map((line) => (
            <li key={line.userId} className="py-3">
              <fieldset>
                <legend className="font-semibold text-brand-950">
                  {line.name}{' '}
                  <span className="text-sm font-normal text-slate-700">{line.part ?? line.typeLabel}</span>
                </legend>
                <div className="mt-2 grid grid-cols-3 gap-2">
                  {ATTENDANCE_MARKS.map((m) => (
                    <label
                      key={m}
                      className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg px-2 text-sm ring-1 ring-brand-200 has-checked:bg-brand-100 has-checked:font-semibold"
                    >
                      <input
                        type="radio"
                        name={`mark-${line.userId}`}
                        value={m}
                        checked={line.mark === m}
                        onChange={async () => {
                          const outcome = await mark.run({
                            eventSlug,
                            date: register.date!.date,
                            userId: line.userId,
                            mark: m,
                          })
                          if (outcome.ok) reexecute({ requestPolicy: 'network-only' })
                        }}
                      />
                      {ATTENDANCE_LABELS[m]}
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
