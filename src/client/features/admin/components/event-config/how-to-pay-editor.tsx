import { useWatch } from 'react-hook-form'
import type { EventFormValues } from '../../event-form.ts'
import { Checkbox, Group, Select, TextInput, Textarea } from '#client/components/ui/form/index.ts'

const METHODS = [
  { value: 'BANK_TRANSFER', label: 'Bank transfer' },
  { value: 'AT_THE_DOOR', label: 'Pay at the door' },
  { value: 'ONLINE', label: 'Online (not set up yet: members are told you will email them)' },
] as const

/** How members pay the payment lines: shown beside what they owe, with their own reference. */
export function HowToPayEditor() {
  const method = useWatch<EventFormValues>({ name: 'howToPay.method' }) as string
  return (
    <Group
      id="ev-section-paying"
      legend="Paying"
      description="How members pay what they owe once they confirm a place. Each member gets a reference to quote."
    >
      <Select name="howToPay.method" label="How members pay" options={METHODS} />
      {method === 'BANK_TRANSFER' ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextInput name="howToPay.accountName" label="Account name" />
          <TextInput name="howToPay.sortCode" label="Sort code" hint="e.g. 12-34-56" inputMode="numeric" />
          <TextInput
            name="howToPay.accountNumber"
            label="Account number"
            hint="8 digits"
            inputMode="numeric"
          />
        </div>
      ) : null}
      <Textarea name="howToPay.note" label="Anything else members should know" rows={2} />
      <Checkbox
        name="offerLapsedPlacesToWaitlist"
        label="Offer unpaid places to the waitlist after the due date"
        hint="Each morning, a confirmed member who still owes on a payment line past its due date loses the place, and it is offered to the next on the waitlist of their type."
      />
    </Group>
  )
}
