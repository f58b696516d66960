import { useFormContext, useWatch, Controller } from 'react-hook-form'
import { INSTRUMENT_LEVELS, VOICE_PARTS } from '#core/applications/application.schemas.ts'
import { voicePartName } from '#core/profiles/profile.schemas.ts'
import { DEFAULT_LONG_TEXT_MAX, DEFAULT_SHORT_TEXT_MAX } from '#core/applications/application.schemas.ts'
import type { Question } from '#core/events/event-config.schemas.ts'
import {
  answerPath,
  fieldId,
  isFileRef,
  type AnswerPath,
  type ApplicationFormValues,
} from '../form-values.ts'
import { FileAnswer } from './file-answer.tsx'
import { errorAt, FieldError, FormInput, labelText } from './form-input.tsx'

/** A set of radios or checkboxes under a legend. */
function ChoiceGroup({
  name,
  question,
  multiple,
}: {
  name: AnswerPath
  question: Question
  multiple: boolean
}) {
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
              {...register(name)}
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
  const name = answerPath(question.id)
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
              {...register(name)}
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
            <select {...props} {...register(name)}>
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
            <select {...props} {...register(name)}>
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
              {(props) => <input type="text" maxLength={80} {...props} {...register(`${name}.instrument`)} />}
            </FormInput>
            <FormInput name={`${name}.level`} label="Level" required={question.required}>
              {(props) => (
                <select {...props} {...register(`${name}.level`)}>
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
          name={name}
          render={({ field }) => (
            <FileAnswer
              name={name}
              question={question}
              value={isFileRef(field.value) ? field.value : null}
              onChange={field.onChange}
            />
          )}
        />
      )
  }
}

function LongText({ question }: { question: Question }) {
  const { register, control } = useFormContext<ApplicationFormValues>()
  const name = answerPath(question.id)
  const value = useWatch({ control, name })
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
            {...register(name)}
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
