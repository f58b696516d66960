import { useFieldArray, useFormContext } from 'react-hook-form'
import type { EventFormValues } from '../../event-form.ts'
import { Select, TextInput } from '#client/components/ui/form/index.ts'
import { fieldId } from './field-id.ts'
import { ListEditor } from './list-editor.tsx'

const KINDS = [
  { value: 'REHEARSAL', label: 'Rehearsal' },
  { value: 'PERFORMANCE', label: 'Performance' },
] as const

/** The event's rehearsal and performance dates: operations takes an attendance register per date. */
export function ScheduleEditor() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'schedule' })
  return (
    <ListEditor
      legend="Rehearsals and performances"
      description="The dates operations takes an attendance register for. Each date once."
      errorPath="schedule"
      rows={fields}
      rowName="date"
      onMove={move}
      onRemove={remove}
      addId={`${fieldId('schedule')}-add`}
      addLabel="Add a date"
      onAdd={() =>
        append({ date: '', kind: 'REHEARSAL', label: '' }, { focusName: `schedule.${fields.length}.date` })
      }
    >
      {(i) => (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextInput name={`schedule.${i}.date`} label="Date" type="date" required />
          <Select name={`schedule.${i}.kind`} label="Kind" options={KINDS} />
          <TextInput
            name={`schedule.${i}.label`}
            label="Label (optional)"
            placeholder="e.g. Dress rehearsal"
          />
        </div>
      )}
    </ListEditor>
  )
}
