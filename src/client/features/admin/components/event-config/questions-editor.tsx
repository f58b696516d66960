import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { QUESTION_KINDS, type QuestionKind } from '#core/events/event-config.schemas.ts'
import { CHOICE_KINDS, newQuestion, TEXT_KINDS, type EventFormValues } from '../../event-form.ts'
import { Checkbox, Select, TextInput, Textarea } from '#client/components/ui/form/index.ts'
import { fieldId } from './field-id.ts'
import { ListEditor } from './list-editor.tsx'
import { AutoKey } from './use-key-from-title.ts'

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  single_choice: 'Single choice',
  multi_choice: 'Multiple choice',
  voice_part: 'Voice part',
  instrument: 'Instrument',
  file: 'File upload',
}

const KIND_OPTIONS = QUESTION_KINDS.map((kind) => ({ value: kind, label: QUESTION_KIND_LABELS[kind] }))

function QuestionRow({ base }: { base: `applicationTypes.${number}.questions.${number}` }) {
  const kind = useWatch<EventFormValues>({ name: `${base}.kind` }) as QuestionKind
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <AutoKey titlePath={`${base}.label`} keyPath={`${base}.id`} />
      <TextInput name={`${base}.label`} label="Question" required className="sm:col-span-2" />
      <TextInput
        name={`${base}.id`}
        label="Key"
        required
        hint="Made from the question; change it if you like. It keeps answers together when the wording changes."
        autoCapitalize="off"
        spellCheck={false}
      />
      <Select name={`${base}.kind`} label="Kind of answer" options={KIND_OPTIONS} />
      {CHOICE_KINDS.includes(kind) ? (
        <Textarea
          name={`${base}.options`}
          label="Choices"
          hint="One per line; at least two."
          rows={4}
          className="sm:col-span-2"
        />
      ) : null}
      {TEXT_KINDS.includes(kind) ? (
        <TextInput
          name={`${base}.maxLength`}
          label="Longest answer (characters)"
          inputMode="numeric"
          hint="Optional."
        />
      ) : null}
      <Textarea
        name={`${base}.help`}
        label="Help text"
        hint="Optional: shown under the question."
        rows={2}
        className="sm:col-span-2"
      />
      <Checkbox name={`${base}.required`} label="An answer is required" className="sm:col-span-2" />
    </div>
  )
}

/** The extra questions on one application type's form: add, remove, reorder. */
export function QuestionsEditor({ typeIndex, typeName }: { typeIndex: number; typeName: string }) {
  const { control } = useFormContext<EventFormValues>()
  const name = `applicationTypes.${typeIndex}.questions` as const
  const { fields, append, remove, move } = useFieldArray({ control, name })
  return (
    <ListEditor
      level="row"
      legend={`Form questions (${fields.length})`}
      description="Asked on the application form, after the profile details every form has."
      errorPath={name}
      rows={fields}
      rowName="question"
      onMove={move}
      onRemove={remove}
      addId={`${fieldId(name)}-add`}
      addLabel={
        <>
          Add a question<span className="sr-only"> to {typeName}</span>
        </>
      }
      onAdd={() => append(newQuestion(), { focusName: `${name}.${fields.length}.label` })}
    >
      {(i) => <QuestionRow base={`${name}.${i}`} />}
    </ListEditor>
  )
}
