import { Plus } from 'lucide-react'
import { useFieldArray, useFormContext } from 'react-hook-form'
import type { EventFormValues } from '../../event-form.ts'
import { Field, fieldId, Group, ListButton, RowActions } from './fields.tsx'

/** The event's parts (voice parts, characters, orchestral chairs), in the order casting lists them. */
export function PartsEditor() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'parts' })
  const addId = `${fieldId('parts')}-add`
  return (
    <Group
      legend="Parts"
      description="Voice parts, characters or orchestral chairs that casting assigns."
      errorPath="parts"
    >
      {fields.length > 0 ? (
        <ol className="grid gap-3">
          {fields.map((field, i) => (
            <li key={field.id} className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <Field path={`parts.${i}.name`} label={`Part ${i + 1}`} required className="grow" />
              <RowActions
                rowId={`ev-row-${field.id}`}
                index={i}
                count={fields.length}
                name={`part ${i + 1}`}
                onMove={move}
                onRemove={() => {
                  remove(i)
                  document.getElementById(addId)?.focus()
                }}
              />
            </li>
          ))}
        </ol>
      ) : null}
      <div>
        <ListButton
          id={addId}
          onClick={() => append({ name: '' }, { focusName: `parts.${fields.length}.name` })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a part
        </ListButton>
      </div>
    </Group>
  )
}
