import { CircleAlert } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { applicationTypeLabel } from '#core/applications/status-wording.ts'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { AddLateApplicationMutation } from '../graphql/late-application.query.ts'
import {
  checkLateApplication,
  lateApplicationProblemsOf,
  type LateApplicationProblems,
} from '../late-application-logic.ts'

/**
 * "Add a late application": an admin adds a member's application after the signup deadline or to a
 * closed type (`addLateApplication`, which skips those checks). No answers are asked for here; the
 * application is added with none, and the member can be asked for them directly.
 */
export function LateApplicationForm({
  eventSlug,
  types,
  onAdded,
}: {
  eventSlug: string
  types: readonly { key: string; label: string }[]
  onAdded: () => void
}) {
  const [email, setEmail] = useState('')
  const [type, setType] = useState(types.length === 1 ? types[0]!.key : '')
  const [notify, setNotify] = useState(true)
  const [problems, setProblems] = useState<LateApplicationProblems>({})
  const add = useAppMutation(AddLateApplicationMutation, { report: 'inline' })
  const typeRef = useRef<HTMLSelectElement>(null)
  const formProblemRef = useRef<HTMLParagraphElement>(null)
  const headingId = useId()
  const emailId = useId()
  const typeId = useId()
  const typeErrorId = `${typeId}-error`
  const notifyId = useId()
  const formProblemId = useId()
  const notifyHintId = `${notifyId}-hint`

  // Each check or refusal moves focus to its first problem, so keyboard and screen-reader users land
  // on it. NOTE: an effect, so the message it focuses has been rendered.
  useEffect(() => {
    if (problems.email) document.getElementById(emailId)?.focus()
    else if (problems.type) typeRef.current?.focus()
    else if (problems.form) formProblemRef.current?.focus()
  }, [problems, emailId])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkLateApplication({ email, type })
    setProblems(checked)
    if (checked.email || checked.type) return
    const userEmail = email.trim()
    const outcome = await add.run({ eventSlug, userEmail, type, notify })
    if (!outcome.ok) {
      setProblems(lateApplicationProblemsOf(outcome.failure))
      return
    }
    const label = applicationTypeLabel(type, types)
    toast.success(`${label} application added for ${userEmail}${notify ? '; they have been emailed.' : '.'}`)
    setEmail('')
    setProblems({})
    onAdded()
  }

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-bold text-brand-950">
        Add a late application
      </h2>
      <Panel padding="compact" className="mt-3">
        {types.length === 0 ? (
          <p className="text-slate-700">This event has no application types to add an application to.</p>
        ) : (
          <form onSubmit={submit} noValidate aria-labelledby={headingId} className="space-y-4">
            <p className="text-sm text-slate-700">
              For a member who missed the signup deadline or a closed type. The application is added as
              submitted, without answers.
            </p>
            {problems.form ? (
              <p
                ref={formProblemRef}
                id={formProblemId}
                role="alert"
                tabIndex={-1}
                className="flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900"
              >
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
                <span>{problems.form}</span>
              </p>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id={emailId}
                label="Member’s email"
                type="email"
                autoComplete="off"
                spellCheck={false}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={problems.email}
              />
              <div>
                <label htmlFor={typeId} className="block text-sm font-semibold text-slate-900">
                  Application type
                </label>
                <select
                  ref={typeRef}
                  id={typeId}
                  value={type}
                  onChange={(e) => setType(e.target.value)}
                  aria-invalid={problems.type ? true : undefined}
                  aria-describedby={problems.type ? typeErrorId : undefined}
                  className={`mt-1.5 ${fieldClass('md', Boolean(problems.type))}`}
                >
                  {types.length > 1 ? <option value="">Choose a type</option> : null}
                  {types.map((t) => (
                    <option key={t.key} value={t.key}>
                      {t.label}
                    </option>
                  ))}
                </select>
                {problems.type ? (
                  <p
                    id={typeErrorId}
                    className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700"
                  >
                    <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    <span>{problems.type}</span>
                  </p>
                ) : null}
              </div>
            </div>
            <div className="flex items-start gap-2">
              <input
                id={notifyId}
                type="checkbox"
                className="mt-1 size-4"
                checked={notify}
                onChange={(e) => setNotify(e.target.checked)}
                aria-describedby={notifyHintId}
              />
              <div className="text-sm">
                <label htmlFor={notifyId} className="font-semibold text-slate-900">
                  Email the member
                </label>
                <p id={notifyHintId} className="text-slate-700">
                  Sends the usual “application received” email.
                </p>
              </div>
            </div>
            <Button type="submit" pending={add.fetching}>
              Add application
            </Button>
          </form>
        )}
      </Panel>
    </section>
  )
}
