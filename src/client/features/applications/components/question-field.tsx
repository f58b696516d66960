import { CircleAlert, Paperclip } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { Controller, useFormContext, useWatch } from 'react-hook-form'
import { INSTRUMENT_LEVELS, VOICE_PARTS } from '#core/applications/application.schemas.ts'
import { voicePartName } from '#core/profiles/profile.schemas.ts'
import { DEFAULT_LONG_TEXT_MAX, DEFAULT_SHORT_TEXT_MAX } from '#core/applications/application.schemas.ts'
import type { Question } from '#core/events/event-config.schemas.ts'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import { percent, uploadFile } from '#client/lib/upload.ts'
import { fieldId, uploadPurpose, type ApplicationFormValues } from '../form-values.ts'

const inputClass = (error?: string) => `mt-1.5 ${fieldClass('md', Boolean(error))}`

/** Read an error message at a dot path of react-hook-form's nested errors. */
export function errorAt(errors: unknown, path: string): string | undefined {
  let node = errors as Record<string, unknown> | undefined
  for (const part of path.split('.')) node = node?.[part] as Record<string, unknown> | undefined
  const message = node?.message
  return typeof message === 'string' ? message : undefined
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  )
}

const labelText = (label: string, required: boolean) => (
  <>
    {label}
    {/* Staff sometimes write "(optional)" into the label itself: say it once. */}
    {required || /\(optional\)\s*$/i.test(label) ? null : (
      <span className="font-normal text-slate-600"> (optional)</span>
    )}
  </>
)

/** A labelled single input of the form (text, textarea or select), wired to its error and hint. */
export function FormInput({
  name,
  label,
  required,
  hint,
  children,
}: {
  name: string
  label: string
  required: boolean
  hint?: ReactNode
  children: (props: {
    id: string
    'aria-describedby'?: string
    'aria-invalid'?: true
    className: string
  }) => ReactNode
}) {
  const { formState } = useFormContext<ApplicationFormValues>()
  const error = errorAt(formState.errors, name)
  const id = fieldId(name)
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {labelText(label, required)}
      </label>
      {hint ? (
        <div id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </div>
      ) : null}
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
        className: inputClass(error),
      })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

/** A set of radios or checkboxes under a legend. */
function ChoiceGroup({ name, question, multiple }: { name: string; question: Question; multiple: boolean }) {
  const { register, formState } = useFormContext<ApplicationFormValues>()
  const error = errorAt(formState.errors, name)
  const id = fieldId(name)
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-900">
        {labelText(question.label, question.required)}
      </legend>
      {question.help ? <p className="mt-1 text-sm text-slate-600">{question.help}</p> : null}
      <div className="mt-2 grid gap-2">
        {(question.options ?? []).map((option, i) => (
          <label key={option} className="flex items-center gap-2 text-slate-900">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              value={option}
              id={i === 0 ? id : undefined}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-brand-700"
              {...register(name as never)}
            />
            {option}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  )
}

/** One extra question of the form, drawn by its kind. */
export function QuestionField({ question }: { question: Question }) {
  const { register, control } = useFormContext<ApplicationFormValues>()
  const name = `answers.${question.id}`
  const help = question.help
  switch (question.kind) {
    case 'short_text':
      return (
        <FormInput name={name} label={question.label} required={question.required} hint={help}>
          {(props) => (
            <input
              type="text"
              maxLength={question.maxLength ?? DEFAULT_SHORT_TEXT_MAX}
              {...props}
              {...register(name as never)}
            />
          )}
        </FormInput>
      )
    case 'long_text':
      return <LongText question={question} />
    case 'single_choice':
      return (question.options?.length ?? 0) <= 5 ? (
        <ChoiceGroup name={name} question={question} multiple={false} />
      ) : (
        <FormInput name={name} label={question.label} required={question.required} hint={help}>
          {(props) => (
            <select {...props} {...register(name as never)}>
              <option value="">Choose…</option>
              {(question.options ?? []).map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          )}
        </FormInput>
      )
    case 'multi_choice':
      return <ChoiceGroup name={name} question={question} multiple />
    case 'voice_part':
      return (
        <FormInput name={name} label={question.label} required={question.required} hint={help}>
          {(props) => (
            <select {...props} {...register(name as never)}>
              <option value="">Choose a voice part…</option>
              {VOICE_PARTS.map((part) => (
                <option key={part} value={part}>
                  {voicePartName(part)}
                </option>
              ))}
            </select>
          )}
        </FormInput>
      )
    case 'instrument':
      return (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">
            {labelText(question.label, question.required)}
          </legend>
          {help ? <p className="mt-1 text-sm text-slate-600">{help}</p> : null}
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <FormInput name={`${name}.instrument`} label="Instrument" required={question.required}>
              {(props) => (
                <input type="text" maxLength={80} {...props} {...register(`${name}.instrument` as never)} />
              )}
            </FormInput>
            <FormInput name={`${name}.level`} label="Level" required={question.required}>
              {(props) => (
                <select {...props} {...register(`${name}.level` as never)}>
                  <option value="">Choose a level…</option>
                  {INSTRUMENT_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {level[0]!.toUpperCase() + level.slice(1)}
                    </option>
                  ))}
                </select>
              )}
            </FormInput>
          </div>
        </fieldset>
      )
    case 'file':
      return (
        <Controller
          control={control}
          name={name as never}
          render={({ field }) => (
            <FileAnswer
              name={name}
              question={question}
              value={field.value as { key: string; name: string } | null}
              onChange={field.onChange}
            />
          )}
        />
      )
  }
}

function LongText({ question }: { question: Question }) {
  const { register, control } = useFormContext<ApplicationFormValues>()
  const name = `answers.${question.id}`
  const value = useWatch({ control, name: name as never }) as unknown
  const max = question.maxLength ?? DEFAULT_LONG_TEXT_MAX
  const length = typeof value === 'string' ? value.length : 0
  const counterId = `${fieldId(name)}-counter`
  return (
    <FormInput name={name} label={question.label} required={question.required} hint={question.help}>
      {(props) => (
        <>
          <textarea
            rows={5}
            maxLength={max}
            {...props}
            aria-describedby={[props['aria-describedby'], counterId].filter(Boolean).join(' ')}
            {...register(name as never)}
          />
          <p
            id={counterId}
            className={`mt-1 text-right text-sm ${length > max ? 'text-red-700' : 'text-slate-600'}`}
          >
            {length} of {max} characters
          </p>
        </>
      )}
    </FormInput>
  )
}

interface UploadState {
  progress: number | null
  error: string | null
}

/** A file question: uploads at once to POST /api/files and keeps the key and the file's name. */
function FileAnswer({
  name,
  question,
  value,
  onChange,
}: {
  name: string
  question: Question
  value: { key: string; name: string } | null
  onChange: (value: { key: string; name: string } | null) => void
}) {
  const auth = useAuthClient()
  const [state, setState] = useState<UploadState>({ progress: null, error: null })
  const statusId = useId()

  const upload = async (file: File) => {
    setState({ progress: 0, error: null })
    const token = await auth.getToken()
    if (!token) return setState({ progress: null, error: 'Your sign-in has expired. Sign in again.' })
    try {
      const stored = await uploadFile(file, uploadPurpose(file.type), token, (p) =>
        setState({ progress: percent(p), error: null }),
      ).promise
      setState({ progress: null, error: null })
      onChange({ key: stored.key, name: file.name })
    } catch (error) {
      setState({ progress: null, error: (error as Error).message })
    }
  }

  return (
    <FormInput
      name={name}
      label={question.label}
      required={question.required}
      hint={question.help ?? 'A PDF, an image or an audio recording.'}
    >
      {(props) => (
        <>
          <input
            type="file"
            accept="application/pdf,image/*,audio/*"
            {...props}
            aria-describedby={[props['aria-describedby'], statusId].filter(Boolean).join(' ')}
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) void upload(file)
            }}
          />
          <div id={statusId} aria-live="polite" className="mt-1.5 text-sm text-slate-700">
            {state.progress !== null ? (
              <progress max={100} value={state.progress} aria-label="Upload progress" className="w-full" />
            ) : null}
            {state.progress !== null ? `Uploading… ${state.progress}%` : null}
            {state.error ? <span className="font-medium text-red-700">{state.error}</span> : null}
            {value && state.progress === null ? (
              <span className="flex items-center gap-2">
                <Paperclip aria-hidden="true" className="size-4" /> Uploaded: {value.name}
                <button
                  type="button"
                  className="font-medium text-brand-800 underline"
                  onClick={() => onChange(null)}
                >
                  Remove
                </button>
              </span>
            ) : null}
          </div>
        </>
      )}
    </FormInput>
  )
}
