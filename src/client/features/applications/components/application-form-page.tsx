import type { ReactNode } from 'react'
import { FormProvider } from 'react-hook-form'
import { Link, useParams, useSearchParams } from 'react-router'
import { useQuery } from 'urql'
import { panelClass } from '#client/components/ui/panel.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { ErrorSummary } from '#client/components/ui/error-summary.tsx'
import { Notice } from '#client/components/ui/notice.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { ApplicationFormQuery } from '../graphql/application-form.query.ts'
import {
  SAVE_TEXT,
  useApplicationForm,
  type ApplicationFormData as Form,
} from '../hooks/use-application-form.ts'
import { FormInput } from './form-input.tsx'
import { QuestionField } from './question-field.tsx'

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

function ApplicationForm({ form, editing }: { form: Form; editing: boolean }) {
  const { methods, questions, submitting, saveState, problems, message, onSubmit } = useApplicationForm(
    form,
    editing,
  )

  return (
    <FormProvider {...methods}>
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-6">
        <ErrorSummary message={message} problems={problems} />
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
