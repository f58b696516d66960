import { Plus, Trash2 } from 'lucide-react'
import { useId } from 'react'
import {
  INSTRUMENT_LEVELS,
  MAX_INSTRUMENTS,
  VOICE_PARTS,
  voicePartName,
} from '#core/profiles/profile.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Checkbox, Form, Select, Textarea, TextInput } from '#client/components/ui/form/index.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import type { MyProfileQuery } from '#client/gql/graphql.ts'
import { useProfileDetails, type ProfileDetailsValues } from '../hooks/use-profile-details.ts'

const VOICE_OPTIONS = VOICE_PARTS.map((part) => ({ value: part, label: voicePartName(part) }))
const LEVEL_OPTIONS = INSTRUMENT_LEVELS.map((level) => ({ value: level, label: level }))

/** Every field of the profile, checked with `profileSchema` before sending and again by the server. */
export function ProfileDetailsForm({ profile }: { profile: MyProfileQuery['myProfile'] }) {
  const id = useId()
  const { form, instruments, saved, saving, message, onSubmit } = useProfileDetails(profile)
  const Text = TextInput<ProfileDetailsValues>
  return (
    <Panel as="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-950">
        Your details
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Application forms fill in your name, phone and emergency contact from here.
      </p>
      <Form
        form={form}
        onSubmit={onSubmit}
        idPrefix="profile"
        summary={false}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <Text name="preferredName" label="Preferred name" autoComplete="name" required />
        <Text name="pronouns" label="Pronouns (optional)" />
        <Text name="phone" label="Phone (optional)" type="tel" autoComplete="tel" />
        <Select<ProfileDetailsValues>
          name="voicePart"
          label="Voice part (optional)"
          placeholder="Not singing / not given"
          options={VOICE_OPTIONS}
        />

        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-bold text-slate-900">Emergency contact (optional)</legend>
          <Text name="emergencyContact.name" label="Name" />
          <Text name="emergencyContact.phone" label="Phone" type="tel" />
          <Text name="emergencyContact.relationship" label="Relationship" />
        </fieldset>

        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-bold text-slate-900">Instruments</legend>
          {instruments.fields.length === 0 ? <p className="text-sm text-slate-700">None listed.</p> : null}
          <ul className="grid gap-3">
            {instruments.fields.map((item, index) => (
              <li
                key={item.id}
                className="grid grid-cols-[1fr_auto] items-end gap-2 sm:grid-cols-[2fr_1fr_auto]"
              >
                <Text
                  name={`instruments.${index}.instrument`}
                  label={`Instrument ${index + 1}`}
                  className="col-span-2 sm:col-span-1"
                />
                <Select<ProfileDetailsValues>
                  name={`instruments.${index}.level`}
                  label="Level"
                  options={LEVEL_OPTIONS}
                />
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`Remove instrument ${index + 1}`}
                  onClick={() => instruments.remove(index)}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
          {instruments.fields.length < MAX_INSTRUMENTS ? (
            <Button
              type="button"
              variant="secondary"
              className="mt-3"
              onClick={() => instruments.append({ instrument: '', level: 'intermediate' })}
            >
              <Plus aria-hidden className="size-4" /> Add an instrument
            </Button>
          ) : null}
        </fieldset>

        <Textarea<ProfileDetailsValues> name="dietaryRequirements" label="Dietary requirements (optional)" />
        <Textarea<ProfileDetailsValues> name="accessNeeds" label="Access needs (optional)" />
        <Textarea<ProfileDetailsValues> name="bio" label="Bio (optional)" className="sm:col-span-2" />

        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-bold text-slate-900">Sharing and emails</legend>
          <Checkbox<ProfileDetailsValues>
            name="socialListOptIn"
            label="Show me as going on the social list of socials I attend"
          />
          <Checkbox<ProfileDetailsValues>
            name="emailPreferences.eventAnnouncements"
            label="Email me when new events and auditions open"
          />
          <Checkbox<ProfileDetailsValues>
            name="emailPreferences.reminders"
            label="Email me reminders before rehearsals and deadlines"
          />
          <p className="text-sm text-slate-600">
            Stagedoor does not send event announcements or rehearsal reminders yet: these two choices are kept
            for when it does. Emails about your own applications, payments, tickets, committee roles and
            account always go; mailing lists have their own unsubscribe link.
          </p>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" pending={saving}>
            Save profile
          </Button>
          <p role="status" className="text-sm font-semibold text-green-800">
            {saved}
          </p>
          {message ? (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {message}
            </p>
          ) : null}
        </div>
      </Form>
    </Panel>
  )
}
