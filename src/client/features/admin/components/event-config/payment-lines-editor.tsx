import { useFieldArray, useFormContext } from 'react-hook-form'
import { newPaymentLine, type EventFormValues } from '../../event-form.ts'
import { TextInput } from '#client/components/ui/form/index.ts'
import { fieldId } from './field-id.ts'
import { ListEditor } from './list-editor.tsx'

/** What a member of one application type pays: add, remove, reorder lines. */
export function PaymentLinesEditor({ typeIndex, typeName }: { typeIndex: number; typeName: string }) {
  const { control } = useFormContext<EventFormValues>()
  const name = `applicationTypes.${typeIndex}.paymentLines` as const
  const { fields, append, remove, move } = useFieldArray({ control, name })
  return (
    <ListEditor
      level="row"
      legend={`Payment lines (${fields.length})`}
      description="None: an accepted member is confirmed straight away, with nothing to pay."
      errorPath={name}
      rows={fields}
      rowName="payment line"
      onMove={move}
      onRemove={remove}
      addId={`${fieldId(name)}-add`}
      addLabel={
        <>
          Add a payment line<span className="sr-only"> to {typeName}</span>
        </>
      }
      onAdd={() => append(newPaymentLine(), { focusName: `${name}.${fields.length}.label` })}
    >
      {(i) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput name={`${name}.${i}.label`} label="Label" required hint="e.g. Membership" />
          <TextInput
            name={`${name}.${i}.key`}
            label="Key"
            required
            hint="e.g. membership"
            autoCapitalize="off"
            spellCheck={false}
          />
          <TextInput
            name={`${name}.${i}.amount`}
            label="Amount (£)"
            required
            inputMode="decimal"
            hint="In pounds, e.g. 12.50"
          />
          <TextInput name={`${name}.${i}.dueDate`} label="Due date" type="date" hint="Optional." />
        </div>
      )}
    </ListEditor>
  )
}
