import { Plus } from 'lucide-react'
import { useFieldArray, useFormContext } from 'react-hook-form'
import { newPaymentLine, type EventFormValues } from '../../event-form.ts'
import { Field, fieldId, Group, ListButton, RowActions } from './fields.tsx'

/** What a member of one application type pays: add, remove, reorder lines. */
export function PaymentLinesEditor({ typeIndex, typeName }: { typeIndex: number; typeName: string }) {
  const { control } = useFormContext<EventFormValues>()
  const name = `applicationTypes.${typeIndex}.paymentLines` as const
  const { fields, append, remove, move } = useFieldArray({ control, name })
  const addId = `${fieldId(name)}-add`
  return (
    <Group
      level="row"
      legend={`Payment lines (${fields.length})`}
      description="None: an accepted member is confirmed straight away, with nothing to pay."
      errorPath={name}
    >
      {fields.length > 0 ? (
        <ol className="grid gap-4">
          {fields.map((field, i) => (
            <li key={field.id}>
              <Group level="row" legend={`Payment line ${i + 1}`}>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field path={`${name}.${i}.label`} label="Label" required hint="e.g. Membership" />
                  <Field
                    path={`${name}.${i}.key`}
                    label="Key"
                    required
                    hint="e.g. membership"
                    autoCapitalize="off"
                    spellCheck={false}
                  />
                  <Field
                    path={`${name}.${i}.amount`}
                    label="Amount (£)"
                    required
                    inputMode="decimal"
                    hint="In pounds, e.g. 12.50"
                  />
                  <Field path={`${name}.${i}.dueDate`} label="Due date" type="date" hint="Optional." />
                </div>
                <RowActions
                  rowId={`ev-row-${field.id}`}
                  index={i}
                  count={fields.length}
                  name={`payment line ${i + 1}`}
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
          onClick={() => append(newPaymentLine(), { focusName: `${name}.${fields.length}.label` })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a payment line<span className="sr-only"> to {typeName}</span>
        </ListButton>
      </div>
    </Group>
  )
}
