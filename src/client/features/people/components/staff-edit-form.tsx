import { useState, type FormEvent } from 'react'
import { VOICE_PARTS, voicePartName } from '#core/profiles/profile.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { MemberRecordQuery as MemberRecordData } from '#client/gql/graphql.ts'
import { problemsByField } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { UpdateMemberProfileMutation } from '../graphql/member-records.query.ts'

type Detail = MemberRecordData['memberRecord']

/** Staff correct a member's details; the server audits the change with before and after. */
export function StaffEditForm({ record, onSaved }: { record: Detail; onSaved: () => void }) {
  const [open, setOpen] = useState(false)
  const save = useAppMutation(UpdateMemberProfileMutation, { report: 'inline' })
  const errors = problemsByField(save.failure?.fields ?? [])
  if (!open)
    return (
      <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
        Edit details
      </Button>
    )
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (key: string) => String(form.get(key) ?? '').trim()
    const input = {
      name: text('name'),
      preferredName: text('preferredName') || null,
      pronouns: text('pronouns') || null,
      phone: text('phone') || null,
      voicePart: text('voicePart') || null,
      dietaryRequirements: text('dietaryRequirements') || null,
      accessNeeds: text('accessNeeds') || null,
    }
    const outcome = await save.run({ slug: record.member.slug, input }, { success: 'Details saved.' })
    if (outcome.ok) {
      setOpen(false)
      onSaved()
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2" aria-label="Edit details">
      <TextField label="Name" name="name" defaultValue={record.member.name} error={errors.name} required />
      <TextField
        label="Preferred name"
        name="preferredName"
        defaultValue={record.member.preferredName ?? ''}
        error={errors.preferredName}
      />
      <TextField
        label="Pronouns"
        name="pronouns"
        defaultValue={record.pronouns ?? ''}
        error={errors.pronouns}
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        defaultValue={record.phone ?? ''}
        error={errors.phone}
      />
      <div>
        <label htmlFor="edit-voice-part" className="block text-sm font-semibold text-slate-900">
          Voice part
        </label>
        <select
          id="edit-voice-part"
          name="voicePart"
          defaultValue={record.member.voicePart ?? ''}
          className={`mt-1 w-full ${fieldClass()}`}
        >
          <option value="">None</option>
          {VOICE_PARTS.map((v) => (
            <option key={v} value={v}>
              {voicePartName(v)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Dietary requirements"
        name="dietaryRequirements"
        defaultValue={record.dietaryRequirements ?? ''}
        error={errors.dietaryRequirements}
      />
      <TextField
        label="Access needs"
        name="accessNeeds"
        defaultValue={record.accessNeeds ?? ''}
        error={errors.accessNeeds}
        className="sm:col-span-2"
      />
      {save.message && Object.keys(errors).length === 0 ? (
        <p role="alert" className="text-sm font-semibold text-red-700 sm:col-span-2">
          {save.message}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" pending={save.fetching}>
          Save details
        </Button>
        <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
