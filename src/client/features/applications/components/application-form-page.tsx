import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { useQuery } from 'urql'
import { panelClass } from '#client/components/ui/panel.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { ErrorSummary } from '#client/components/ui/error-summary.tsx'
import { Notice } from '#client/components/ui/notice.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { ApplicationFormQuery as FormData } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import {
  ApplicationFormQuery,
  SaveApplicationDraftMutation,
  SubmitApplicationMutation,
  UpdateApplicationAnswersMutation,
} from '../graphql/application-form.query.ts'
import {
  applicationResolver,
  defaultValues,
  fieldId,
  fieldNames,
  placeErrors,
  toQuestions,
  toSubmission,
  type ApplicationFormValues,
} from '../form-values.ts'
import { FormInput, QuestionField } from './question-field.tsx'

type Form = FormData['applicationForm']

export const pageClass = 'mx-auto max-w-3xl px-4 py-8 sm:px-8 sm:py-12'
export const headingClass = 'text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl'
const groupClass = `grid gap-5 ${panelClass()}`

/** The event's name as members may see it (the show name once revealed). */
export const eventName = (event: { title: string; showName?: string | null }) => event.showName || event.title

/**
 * `/applications/:eventSlug/:applicationType`: the form of one application type, built from its
 * question definitions and checked with the same schema as the server. Drafts autosave; with
 * `?edit=1` and an application still SUBMITTED before the deadline, it edits the answers instead.
 */
export function ApplicationFormPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '', applicationType = '' } = useParams()
  const [search] = useSearchParams()
  const query = useQuery({
    query: ApplicationFormQuery,
    variables: { eventSlug, type: applicationType },
    requestPolicy: 'network-only',
  })
  return (
    <div className={pageClass}>
      <QueryView
        query={query}
        loadingLabel="Loading the application form…"
        what="this form"
        notFound={notFound}
      >
        {({ applicationForm: form }) => {
          const title = `${form.label} · ${eventName(form.event)}`
          const editing = search.get('edit') === '1' && Boolean(form.application?.viewerCan.edit)
          return (
            <>
              <title>{`${editing ? 'Edit answers' : 'Apply'} · ${title} · Stagedoor`}</title>
              <nav aria-label="Breadcrumb" className="text-sm">
                <Link to="/applications" className="font-medium text-brand-800 underline">
                  My applications
                </Link>
              </nav>
              <h1 className={`mt-2 ${headingClass}`}>
                {editing ? 'Edit answers' : 'Apply'}: {form.label}
              </h1>
              <p className="mt-2 text-lg text-slate-800">{eventName(form.event)}</p>
              <FormBody
                key={`${form.event.id}-${form.applicationType}-${editing}`}
                form={form}
                editing={editing}
              />
            </>
          )
        }}
      </QueryView>
    </div>
  )
}

function FormBody({ form, editing }: { form: Form; editing: boolean }) {
  if (form.application && !editing) {
    return (
      <div className="mt-6">
        <Notice>
          You have already applied as {form.label}.{' '}
          <Link to="/applications" className="font-medium underline">
            See it in My applications
          </Link>
          .
        </Notice>
        {form.application.viewerCan.edit ? (
          <ButtonLink to="?edit=1" variant="secondary">
            Edit answers
          </ButtonLink>
        ) : null}
      </div>
    )
  }
  if (form.closedMessage && !editing) {
    return (
      <div className="mt-6" role="status">
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {form.closedMessage}
        </p>
        <p className="mt-4">
          <Link
            to={`/events/${encodeURIComponent(form.event.slug)}`}
            className="font-medium text-brand-800 underline"
          >
            Back to the event
          </Link>
        </p>
      </div>
    )
  }
  return <ApplicationForm form={form} editing={editing} />
}

type SaveState = 'idle' | 'saving' | 'saved' | 'failed'
const SAVE_TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Could not save your draft. Your answers are still here; we will try again.',
}

function ApplicationForm({ form, editing }: { form: Form; editing: boolean }) {
  const questions = useMemo(() => toQuestions(form.questions), [form.questions])
  const initial = useMemo(
    () =>
      defaultValues(
        questions,
        form.profile,
        editing
          ? { answers: form.application?.answers as Record<string, unknown> }
          : (form.draft as { profile?: Record<string, unknown>; answers?: Record<string, unknown> } | null),
      ),
    // NOTE: only on mount: refetches of the query (e.g. after a draft save) must not reset the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )
  const resolver = useMemo(() => applicationResolver(questions), [questions])
  const methods = useForm<ApplicationFormValues>({
    defaultValues: initial,
    resolver,
    shouldFocusError: false,
  })
  const { errors } = methods.formState
  const [submitting, setSubmitting] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const { run: saveDraft } = useAppMutation(SaveApplicationDraftMutation, { report: 'inline' })
  const submit = useAppMutation(SubmitApplicationMutation, { report: 'inline' })
  const update = useAppMutation(UpdateApplicationAnswersMutation, { report: 'inline' })
  const navigate = useNavigate()
  const names = useMemo(() => fieldNames(questions), [questions])

  // Autosave: about a second after the last change (a change, not a re-render), not in edit mode.
  const [saveState, setSaveState] = useState<SaveState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => {
    if (editing) return
    const unsubscribe = methods.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        clearTimeout(timer.current)
        timer.current = setTimeout(() => {
          setSaveState('saving')
          void saveDraft({ eventSlug: form.event.slug, type: form.applicationType, data: values }).then(
            (outcome) => setSaveState(outcome.ok ? 'saved' : 'failed'),
          )
        }, 1000)
      },
    })
    return () => {
      unsubscribe()
      clearTimeout(timer.current)
    }
  }, [methods, editing, saveDraft, form.event.slug, form.applicationType])

  const serverErrors = {
    setError: methods.setError,
    place: (issues: readonly { path: string; message: string }[]) => placeErrors(issues, names),
  }

  const onValid = async (formValues: ApplicationFormValues) => {
    if (submitting) return
    setSubmitting(true)
    setMessage(null)
    const { profile, answers } = toSubmission(formValues)
    try {
      if (editing && form.application) {
        const outcome = await update.run(
          { id: form.application.id, expectedVersion: form.application.version, profile, answers },
          { form: serverErrors, success: 'Your answers are saved.' },
        )
        if (!outcome.ok) return setMessage(outcome.message)
        navigate('/applications')
      } else {
        const outcome = await submit.run(
          { eventSlug: form.event.slug, type: form.applicationType, profile, answers },
          { form: serverErrors, success: 'Application submitted. We have emailed you a confirmation.' },
        )
        if (!outcome.ok) return setMessage(outcome.message)
        navigate(`/applications/${encodeURIComponent(form.event.slug)}/diversity`)
      }
    } finally {
      setSubmitting(false)
    }
  }

  const problems = [
    ...names
      .map((name) => ({ name, text: errorText(errors, name) }))
      .filter((p): p is { name: string; text: string } => Boolean(p.text))
      .map((p) => ({ fieldId: fieldId(p.name), message: `${describe(p.name, questions)}: ${p.text}` })),
  ]
  const rootMessage = typeof errors.root?.summary?.message === 'string' ? errors.root.summary.message : null

  return (
    <FormProvider {...methods}>
      <form onSubmit={methods.handleSubmit(onValid)} noValidate className="mt-6 grid gap-6">
        <ErrorSummary message={message ?? rootMessage} problems={problems} />
        {form.auditionRequired ? (
          <Notice>
            This kind of application includes an audition.{' '}
            <Link
              to={`/events/${encodeURIComponent(form.event.slug)}/auditions`}
              className="font-medium underline"
            >
              How auditions work
            </Link>
          </Notice>
        ) : null}
        <section aria-labelledby="about-you" className={groupClass}>
          <h2 id="about-you" className="text-xl font-bold text-brand-950">
            About you
          </h2>
          <p className="-mt-3 text-sm text-slate-600">Saved to your profile for next time.</p>
          <FormInput name="profile.name" label="Your name" required>
            {(props) => (
              <input type="text" autoComplete="name" {...props} {...methods.register('profile.name')} />
            )}
          </FormInput>
          <FormInput name="profile.phone" label="Phone number" required>
            {(props) => (
              <input type="tel" autoComplete="tel" {...props} {...methods.register('profile.phone')} />
            )}
          </FormInput>
          <fieldset className="grid gap-4">
            <legend className="text-base font-semibold text-slate-900">Emergency contact</legend>
            <FormInput name="profile.emergencyContact.name" label="Their name" required>
              {(props) => (
                <input type="text" {...props} {...methods.register('profile.emergencyContact.name')} />
              )}
            </FormInput>
            <FormInput name="profile.emergencyContact.phone" label="Their phone number" required>
              {(props) => (
                <input type="tel" {...props} {...methods.register('profile.emergencyContact.phone')} />
              )}
            </FormInput>
            <FormInput
              name="profile.emergencyContact.relationship"
              label="How they are related to you"
              required
            >
              {(props) => (
                <input
                  type="text"
                  {...props}
                  {...methods.register('profile.emergencyContact.relationship')}
                />
              )}
            </FormInput>
          </fieldset>
        </section>
        {questions.length > 0 ? (
          <section aria-labelledby="questions" className={groupClass}>
            <h2 id="questions" className="text-xl font-bold text-brand-950">
              Your application
            </h2>
            {questions.map((q) => (
              <QuestionField key={q.id} question={q} />
            ))}
          </section>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" pending={submitting} disabled={submitting}>
            {editing ? 'Save answers' : 'Submit application'}
          </Button>
          {editing ? (
            <Link to="/applications" className="font-medium text-brand-800 underline">
              Cancel
            </Link>
          ) : null}
          <p aria-live="polite" className="text-sm text-slate-700">
            {editing ? '' : SAVE_TEXT[saveState]}
          </p>
        </div>
      </form>
    </FormProvider>
  )
}

function errorText(errors: unknown, path: string): string | undefined {
  let node = errors as Record<string, unknown> | undefined
  for (const part of path.split('.')) node = node?.[part] as Record<string, unknown> | undefined
  return typeof node?.message === 'string' ? node.message : undefined
}

const PROFILE_LABELS: Record<string, string> = {
  'profile.name': 'Your name',
  'profile.phone': 'Phone number',
  'profile.emergencyContact.name': 'Emergency contact’s name',
  'profile.emergencyContact.phone': 'Emergency contact’s phone number',
  'profile.emergencyContact.relationship': 'Emergency contact’s relationship',
}

function describe(name: string, questions: readonly { id: string; label: string }[]): string {
  if (PROFILE_LABELS[name]) return PROFILE_LABELS[name]
  const [, id, sub] = name.split('.')
  const label = questions.find((q) => q.id === id)?.label ?? name
  return sub ? `${label} (${sub})` : label
}
