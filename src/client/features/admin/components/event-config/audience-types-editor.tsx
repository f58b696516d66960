import { useFieldArray, useFormContext } from 'react-hook-form'
import { newAudienceType, type EventFormValues } from '../../event-form.ts'
import { TextInput, Textarea } from '#client/components/ui/form/index.ts'
import { fieldId } from './field-id.ts'
import { ListEditor } from './list-editor.tsx'

/** Who the event is for, each with its own page (`/events/{slug}/{key}`). */
export function AudienceTypesEditor() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'audienceTypes' })
  return (
    <ListEditor
      legend="Audience pages"
      description="A page for each group the event is for (singers, orchestra, audience, social), at /events/slug/key."
      errorPath="audienceTypes"
      rows={fields}
      rowName="audience page"
      onMove={move}
      onRemove={remove}
      addId={`${fieldId('audienceTypes')}-add`}
      addLabel="Add an audience page"
      onAdd={() => append(newAudienceType(), { focusName: `audienceTypes.${fields.length}.title` })}
    >
      {(i) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput name={`audienceTypes.${i}.title`} label="Title" required hint="e.g. Singers" />
            <TextInput
              name={`audienceTypes.${i}.key`}
              label="Key"
              required
              hint="e.g. singers (social adds the /social pages)"
              autoCapitalize="off"
              spellCheck={false}
            />
          </div>
          <Textarea name={`audienceTypes.${i}.content`} label="Page content" markdown rows={6} />
        </>
      )}
    </ListEditor>
  )
}
