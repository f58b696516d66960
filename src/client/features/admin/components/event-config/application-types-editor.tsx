import { Plus } from 'lucide-react'
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { newApplicationType, type EventFormValues } from '../../event-form.ts'
import {
  Checkbox,
  Group,
  ListButton,
  RowActions,
  TextInput,
  Textarea,
} from '#client/components/ui/form/index.ts'
import { fieldId } from './field-id.ts'
import { PaymentLinesEditor } from './payment-lines-editor.tsx'
import { QuestionsEditor } from './questions-editor.tsx'
import { AutoKey } from './use-key-from-title.ts'

function ApplicationTypeRow({ index }: { index: number }) {
  const base = `applicationTypes.${index}` as const
  const label = useWatch<EventFormValues>({ name: `${base}.label` }) as string
  const typeName = label.trim() || `application type ${index + 1}`
  return (
    <>
      <AutoKey titlePath={`${base}.label`} keyPath={`${base}.key`} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput name={`${base}.label`} label="Name" required hint="e.g. Singer" />
        <TextInput
          name={`${base}.key`}
          label="Key"
          required
          hint="Made from the name; used in links (/applications/event/singer)."
          autoCapitalize="off"
          spellCheck={false}
        />
        <TextInput
          name={`${base}.capacity`}
          label="Places"
          inputMode="numeric"
          hint="Optional: leave empty for no limit."
        />
        <TextInput
          name={`${base}.offerExpiryDays`}
          label="Days to answer an offer"
          inputMode="numeric"
          hint="1 to 60; the offer expires after that."
        />
        <Checkbox name={`${base}.open`} label="Open for applications" hint="Until the signup deadline." />
        <Checkbox name={`${base}.auditionRequired`} label="Needs an audition slot" />
        <Checkbox
          name={`${base}.openBeforeReveal`}
          label="Open before the show is revealed"
          hint="Off: a show with a secret name takes these applications only after its reveal."
          className="sm:col-span-2"
        />
        <Checkbox
          name={`${base}.autoOfferFromWaitlist`}
          label="Offer freed places to the waitlist automatically"
          className="sm:col-span-2"
        />
      </div>
      <QuestionsEditor typeIndex={index} typeName={typeName} />
      <PaymentLinesEditor typeIndex={index} typeName={typeName} />
      <Textarea
        name={`${base}.infoPack`}
        label="Info pack"
        hint="Markdown, shown to accepted members of this type once the info pack is released."
        markdown
        rows={6}
      />
    </>
  )
}

function TypeLegend({ index }: { index: number }) {
  const label = useWatch<EventFormValues>({ name: `applicationTypes.${index}.label` }) as string
  return <>{label.trim() ? `Application type: ${label}` : `Application type ${index + 1}`}</>
}

/**
 * Who can apply, and how: each application type with its form questions, payment lines and info
 * pack. NOTE: types are not reordered: eventConfig keeps them keyed by name in jsonb, which does not
 * keep the order they were written in.
 */
export function ApplicationTypesEditor() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove } = useFieldArray({ control, name: 'applicationTypes' })
  const addId = `${fieldId('applicationTypes')}-add`
  return (
    <Group
      legend="Application types"
      description="The kinds of application the event takes (singers, orchestra, crew…). None: members cannot apply."
      errorPath="applicationTypes"
    >
      {fields.map((field, i) => (
        <Group key={field.id} level="row" legend={<TypeLegend index={i} />}>
          <ApplicationTypeRow index={i} />
          <RowActions
            rowId={`ev-row-${field.id}`}
            index={i}
            count={fields.length}
            name={`application type ${i + 1}`}
            reorder={false}
            onRemove={() => {
              remove(i)
              document.getElementById(addId)?.focus()
            }}
          />
        </Group>
      ))}
      <div>
        <ListButton
          id={addId}
          onClick={() =>
            append(newApplicationType(), { focusName: `applicationTypes.${fields.length}.label` })
          }
        >
          <Plus aria-hidden="true" className="size-4" />
          Add an application type
        </ListButton>
      </div>
    </Group>
  )
}
