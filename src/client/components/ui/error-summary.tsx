import { CircleAlert } from 'lucide-react'
import { useEffect, useRef } from 'react'

export interface FieldProblem {
  /** The id of the input to jump to. */
  fieldId: string
  message: string
}

/**
 * What went wrong with a form, at its top. It is announced (role=alert) and takes focus whenever it
 * appears or changes, so keyboard and screen-reader users land on it; each field problem links to
 * its field.
 */
export function ErrorSummary({
  message,
  problems = [],
  title = 'There is a problem',
}: {
  message?: string | null
  problems?: FieldProblem[]
  title?: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  const key = [message, ...problems.map((p) => p.message)].join('|')
  useEffect(() => {
    if (key) ref.current?.focus()
  }, [key])
  if (!message && problems.length === 0) return null
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      data-error-summary=""
      className="mb-6 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-red-700" />
        {title}
      </p>
      {message ? <p className="mt-1 text-sm">{message}</p> : null}
      {problems.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
          {problems.map((problem) => (
            <li key={problem.fieldId}>
              <a
                href={`#${problem.fieldId}`}
                className="font-medium underline underline-offset-2"
                onClick={(event) => {
                  event.preventDefault()
                  document.getElementById(problem.fieldId)?.focus()
                }}
              >
                {problem.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
