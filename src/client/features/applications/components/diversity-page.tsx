import { useState, type ReactNode } from 'react'
import toast from 'react-hot-toast'
import { Link, useNavigate, useParams } from 'react-router'
import { useQuery } from 'urql'
import { PREFER_NOT_TO_SAY } from '#core/applications/diversity.ts'
import { panelClass } from '#client/components/ui/panel.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { ErrorSummary } from '#client/components/ui/error-summary.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { DiversitySurveyQuery, SubmitDiversitySurveyMutation } from '../graphql/diversity.query.ts'
import { eventName, headingClass, pageClass } from './application-form-page.tsx'

/**
 * `/applications/:eventSlug/diversity`: the optional diversity survey after applying. The answers
 * are stored without the member's name or application, so they can only be read in aggregate.
 */
export function DiversitySurveyPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  const query = useQuery({
    query: DiversitySurveyQuery,
    variables: { eventSlug },
    requestPolicy: 'network-only',
  })
  const [answers, setAnswers] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const submit = useAppMutation(SubmitDiversitySurveyMutation, { report: 'inline' })
  const navigate = useNavigate()
  return (
    <div className={pageClass}>
      <QueryView query={query} loadingLabel="Loading the survey…" what="the survey" notFound={notFound}>
        {({ diversitySurvey: survey }) => {
          const pendingApps = survey.applications.filter((a) => !a.diversityAnswered)
          const onSubmit = async (e: React.FormEvent) => {
            e.preventDefault()
            if (pending) return
            setPending(true)
            setMessage(null)
            // One response per application: several applications to one event each get one.
            for (const app of pendingApps) {
              const outcome = await submit.run({ applicationId: app.id, answers })
              // CONFLICT: this application's survey was answered already (in another tab, say).
              if (!outcome.ok && outcome.failure.code !== 'CONFLICT') {
                setPending(false)
                setMessage(outcome.message)
                return
              }
            }
            setPending(false)
            toast.success('Thank you for answering the survey.')
            navigate('/applications')
          }
          return (
            <>
              <title>{`Diversity survey · ${eventName(survey.event)} · Stagedoor`}</title>
              <h1 className={headingClass}>Diversity survey</h1>
              <p className="mt-2 text-lg text-slate-800">{eventName(survey.event)}</p>
              <div className="mt-4 grid gap-2 text-slate-800">
                <p>
                  Help us see who takes part in the society, so we can make it open to everyone. Every
                  question is optional, and each has “{PREFER_NOT_TO_SAY}”.
                </p>
                <p>
                  <strong>
                    Your answers are stored separately from your application, without your name.
                  </strong>{' '}
                  Nobody, including the committee, can see what you answered: they only see totals for the
                  whole event, and any group smaller than five is shown as “&lt;5”. Answering or skipping
                  makes no difference to your application.
                </p>
              </div>
              {survey.applications.length === 0 ? (
                <p className="mt-6" role="status">
                  The survey is for applicants.{' '}
                  <Link to="/applications" className="font-medium text-brand-800 underline">
                    Go to My applications
                  </Link>
                </p>
              ) : pendingApps.length === 0 ? (
                <p className="mt-6" role="status">
                  You have already answered the survey for this event. Thank you.{' '}
                  <Link to="/applications" className="font-medium text-brand-800 underline">
                    Go to My applications
                  </Link>
                </p>
              ) : (
                <form onSubmit={onSubmit} className="mt-6 grid gap-6">
                  <ErrorSummary message={message} />
                  {survey.questions.map((q) => (
                    <fieldset key={q.key} className={`min-w-0 ${panelClass()}`}>
                      {/* A floated legend sits inside the card instead of across its border. */}
                      <legend className="float-left w-full text-base font-semibold text-slate-900">
                        {q.label}
                      </legend>
                      <div className="clear-both grid gap-2 pt-2">
                        {q.options.map((option) => (
                          <label key={option} className="flex items-center gap-2 text-slate-900">
                            <input
                              type="radio"
                              name={q.key}
                              value={option}
                              checked={answers[q.key] === option}
                              onChange={() => setAnswers((a) => ({ ...a, [q.key]: option }))}
                              className="size-4 accent-brand-700"
                            />
                            {option}
                          </label>
                        ))}
                      </div>
                    </fieldset>
                  ))}
                  <div className="flex flex-wrap items-center gap-4">
                    <Button type="submit" pending={pending}>
                      Send answers
                    </Button>
                    <Link to="/applications" className="font-medium text-brand-800 underline">
                      Skip the survey
                    </Link>
                  </div>
                </form>
              )}
            </>
          )
        }}
      </QueryView>
    </div>
  )
}
