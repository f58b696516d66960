import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Link, useNavigate, useParams } from 'react-router'
import { useQuery } from 'urql'
import { diversityAnswersSchema, PREFER_NOT_TO_SAY } from '#core/applications/diversity.ts'
import { panelClass } from '#client/components/ui/panel.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Form, zodResolver } from '#client/components/ui/form/index.ts'
import { RadioGroup } from '#client/components/ui/form/radio-group.tsx'
import type { DiversitySurveyQuery as SurveyData } from '#client/gql/graphql.ts'
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
  return (
    <div className={pageClass}>
      <QueryView query={query} loadingLabel="Loading the survey…" what="the survey" notFound={notFound}>
        {({ diversitySurvey: survey }) => {
          const pendingApps = survey.applications.filter((a) => !a.diversityAnswered)
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
                <SurveyForm questions={survey.questions} applicationIds={pendingApps.map((a) => a.id)} />
              )}
            </>
          )
        }}
      </QueryView>
    </div>
  )
}

type Answers = Record<string, string | null | undefined>

/** Only the questions answered are sent (radios nobody touched hold nothing). */
const answered = (values: Answers): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string'))

/** The survey's questions, each a set of radios; sent once per application still without an answer. */
function SurveyForm({
  questions,
  applicationIds,
}: {
  questions: SurveyData['diversitySurvey']['questions']
  applicationIds: string[]
}) {
  const [message, setMessage] = useState<string | null>(null)
  const submit = useAppMutation(SubmitDiversitySurveyMutation, { report: 'inline' })
  const navigate = useNavigate()
  const form = useForm<Answers>({
    defaultValues: {},
    resolver: zodResolver<Answers>(diversityAnswersSchema, { toInput: answered }),
  })
  const onSubmit = async (values: Answers) => {
    setMessage(null)
    // One response per application: several applications to one event each get one.
    for (const applicationId of applicationIds) {
      const outcome = await submit.run({ applicationId, answers: answered(values) })
      // CONFLICT: this application's survey was answered already (in another tab, say).
      if (!outcome.ok && outcome.failure.code !== 'CONFLICT') return setMessage(outcome.message)
    }
    toast.success('Thank you for answering the survey.')
    navigate('/applications')
  }
  return (
    <Form form={form} onSubmit={onSubmit} idPrefix="diversity" message={message} className="mt-6 grid gap-6">
      {questions.map((q) => (
        <RadioGroup
          key={q.key}
          name={q.key}
          legend={q.label}
          options={q.options.map((option) => ({ value: option, label: option }))}
          className={`min-w-0 ${panelClass()}`}
          // A floated legend sits inside the card instead of across its border.
          legendClassName="float-left w-full text-base font-semibold text-slate-900"
          listClassName="clear-both grid gap-2 pt-2"
          optionClassName="flex items-center gap-2 text-slate-900"
        />
      ))}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" pending={form.formState.isSubmitting}>
          Send answers
        </Button>
        <Link to="/applications" className="font-medium text-brand-800 underline">
          Skip the survey
        </Link>
      </div>
    </Form>
  )
}
