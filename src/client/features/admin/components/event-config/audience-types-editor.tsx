import { Plus } from 'lucide-react'
import { useFieldArray, useFormContext } from 'react-hook-form'
import { newAudienceType, type EventFormValues } from '../../event-form.ts'
import { Field, fieldId, Group, ListButton, RowActions, TextArea } from './fields.tsx'

/** Who the event is for, each with its own page (`/events/{slug}/{key}`). */
export function AudienceTypesEditor() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'audienceTypes' })
  const addId = `${fieldId('audienceTypes')}-add`
  return (
    <Group
      legend="Audience pages"
      description="A page for each group the event is for (singers, orchestra, audience, social), at /events/slug/key."
      errorPath="audienceTypes"
    >
      {fields.length > 0 ? (
        <ol className="grid gap-4">
          {fields.map((field, i) => (
            <li key={field.id}>
              <Group level="row" legend={`Audience page ${i + 1}`}>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field path={`audienceTypes.${i}.title`} label="Title" required hint="e.g. Singers" />
                  <Field
                    path={`audienceTypes.${i}.key`}
                    label="Key"
                    required
                    hint="e.g. singers (social adds the /social pages)"
                    autoCapitalize="off"
                    spellCheck={false}
                  />
                </div>
                <TextArea path={`audienceTypes.${i}.content`} label="Page content" markdown rows={6} />
                <RowActions
                  rowId={`ev-row-${field.id}`}
                  index={i}
                  count={fields.length}
                  name={`audience page ${i + 1}`}
                  onMove={move}
                  onRemove={() => {
                    remove(i)
                    document.getElementById(addId)?.focus()
                  }}
                />
              </Group>
            </li>
          ))}
        </ol>
      ) : null}
      <div>
        <ListButton
          id={addId}
          onClick={() => append(newAudienceType(), { focusName: `audienceTypes.${fields.length}.title` })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add an audience page
        </ListButton>
      </div>
    </Group>
  )
}
