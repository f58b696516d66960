import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { ApplicationFormQuery as FormData } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import {
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

export type ApplicationFormData = FormData['applicationForm']

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed'
export const SAVE_TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Could not save your draft. Your answers are still here; we will try again.',
}

/**
 * The state of one application form: its fields (react-hook-form with the schema the server checks),
 * the draft that autosaves about a second after the last change (not in edit mode), and the submit
 * or answers update with the server's field errors placed on their fields.
 */
export function useApplicationForm(form: ApplicationFormData, editing: boolean) {
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

  const problems = names
    .map((name) => ({ name, text: errorText(errors, name) }))
    .filter((p): p is { name: string; text: string } => Boolean(p.text))
    .map((p) => ({ fieldId: fieldId(p.name), message: `${describe(p.name, questions)}: ${p.text}` }))
  const rootMessage = typeof errors.root?.summary?.message === 'string' ? errors.root.summary.message : null

  return {
    methods,
    questions,
    submitting,
    saveState,
    problems,
    message: message ?? rootMessage,
    onSubmit: methods.handleSubmit(onValid),
  }
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
