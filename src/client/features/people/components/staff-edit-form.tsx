import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { staffProfileEditSchema } from '#core/profiles/member-records.ts'
import { VOICE_PARTS, voicePartName } from '#core/profiles/profile.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Form, Select, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import type { MemberRecordQuery as MemberRecordData } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { UpdateMemberProfileMutation } from '../graphql/member-records.query.ts'

type Detail = MemberRecordData['memberRecord']
interface Values {
  name: string
  preferredName: string
  pronouns: string
  phone: string
  voicePart: string
  dietaryRequirements: string
  accessNeeds: string
}

/** What is sent: trimmed, and an empty optional field is "none". */
function inputOf(values: Values) {
  const or = (text: string) => text.trim() || null
  return {
    name: values.name.trim(),
    preferredName: or(values.preferredName),
    pronouns: or(values.pronouns),
    phone: or(values.phone),
    voicePart: or(values.voicePart),
    dietaryRequirements: or(values.dietaryRequirements),
    accessNeeds: or(values.accessNeeds),
  }
}

const VOICE_OPTIONS = VOICE_PARTS.map((v) => ({ value: v, label: voicePartName(v) }))

/** Staff correct a member's details; the server audits the change with before and after. */
export function StaffEditForm({ record, onSaved }: { record: Detail; onSaved: () => void }) {
  const [open, setOpen] = useState(false)
  if (!open)
    return (
      <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
        Edit details
      </Button>
    )
  return (
    <EditDetails
      record={record}
      onClose={() => setOpen(false)}
      onSaved={() => {
        setOpen(false)
        onSaved()
      }}
    />
  )
}

function EditDetails({
  record,
  onClose,
  onSaved,
}: {
  record: Detail
  onClose: () => void
  onSaved: () => void
}) {
  const save = useAppMutation(UpdateMemberProfileMutation, { report: 'inline' })
  const form = useForm<Values>({
    defaultValues: {
      name: record.member.name,
      preferredName: record.member.preferredName ?? '',
      pronouns: record.pronouns ?? '',
      phone: record.phone ?? '',
      voicePart: record.member.voicePart ?? '',
      dietaryRequirements: record.dietaryRequirements ?? '',
      accessNeeds: record.accessNeeds ?? '',
    },
    resolver: zodResolver<Values>(staffProfileEditSchema, { toInput: inputOf }),
  })
  const onSubmit = async (values: Values) => {
    const outcome = await save.run(
      { slug: record.member.slug, input: inputOf(values) },
      { success: 'Details saved.', form: { setError: form.setError } },
    )
    if (outcome.ok) onSaved()
  }
  const Text = TextInput<Values>
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="edit"
      summary={false}
      className="mt-4 grid gap-3 sm:grid-cols-2"
      aria-label="Edit details"
    >
      <Text label="Name" name="name" required />
      <Text label="Preferred name" name="preferredName" />
      <Text label="Pronouns" name="pronouns" />
      <Text label="Phone" name="phone" type="tel" />
      <Select<Values> label="Voice part" name="voicePart" placeholder="None" options={VOICE_OPTIONS} />
      <Text label="Dietary requirements" name="dietaryRequirements" />
      <Text label="Access needs" name="accessNeeds" className="sm:col-span-2" />
      {save.message ? (
        <p role="alert" className="text-sm font-semibold text-red-700 sm:col-span-2">
          {save.message}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" pending={save.fetching}>
          Save details
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Form>
  )
}
