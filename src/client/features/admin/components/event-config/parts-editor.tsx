import { useFieldArray, useFormContext } from 'react-hook-form'
import type { EventFormValues } from '../../event-form.ts'
import { TextInput } from '#client/components/ui/form/index.ts'
import { fieldId } from './field-id.ts'
import { ListEditor } from './list-editor.tsx'

/** The event's parts (voice parts, characters, orchestral chairs), in the order casting lists them. */
export function PartsEditor() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'parts' })
  return (
    <ListEditor
      legend="Parts"
      description="Voice parts, characters or orchestral chairs that casting assigns."
      errorPath="parts"
      rows={fields}
      rowName="part"
      inline
      onMove={move}
      onRemove={remove}
      addId={`${fieldId('parts')}-add`}
      addLabel="Add a part"
      onAdd={() => append({ name: '' }, { focusName: `parts.${fields.length}.name` })}
    >
      {(i) => <TextInput name={`parts.${i}.name`} label={`Part ${i + 1}`} required className="grow" />}
    </ListEditor>
  )
}
