import { Plus, Trash2 } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import {
  INSTRUMENT_LEVELS,
  MAX_INSTRUMENTS,
  profileSchema,
  VOICE_PARTS,
  type ProfileInput,
  voicePartName,
} from '#core/profiles/profile.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { MyProfileQuery } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { UpdateMyProfileMutation } from '../graphql/my-profile.query.ts'

type Profile = MyProfileQuery['myProfile']
interface Contact {
  name: string
  phone: string
  relationship: string
}
type Values = Omit<ProfileInput, 'emergencyContact'> & { emergencyContact: Contact }

function valuesOf(profile: Profile): Values {
  return {
    preferredName: profile.preferredName,
    pronouns: profile.pronouns,
    phone: profile.phone,
    emergencyContact: profile.emergencyContact ?? { name: '', phone: '', relationship: '' },
    voicePart: profile.voicePart,
    instruments: profile.instruments.map((i) => ({
      instrument: i.instrument,
      level: i.level,
    })) as Values['instruments'],
    dietaryRequirements: profile.dietaryRequirements,
    accessNeeds: profile.accessNeeds,
    bio: profile.bio,
    socialListOptIn: profile.socialListOptIn,
    emailPreferences: {
      eventAnnouncements: profile.emailPreferences.eventAnnouncements,
      reminders: profile.emailPreferences.reminders,
    },
  }
}

/** What is sent: an emergency contact left wholly empty is "none". */
export function inputOf(values: Values): ProfileInput {
  const c = values.emergencyContact
  const empty = !c.name.trim() && !c.phone.trim() && !c.relationship.trim()
  return { ...values, emergencyContact: empty ? null : c }
}

const areaClass = `${fieldClass()} mt-1.5 min-h-24`

/** Every field of the profile, checked with `profileSchema` before sending and again by the server. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const id = useId()
  const [values, setValues] = useState<Values>(() => valuesOf(profile))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saved, setSaved] = useState('')
  const save = useAppMutation(UpdateMyProfileMutation, { report: 'inline' })
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }))
  const setContact = (key: keyof Contact, value: string) =>
    setValues((v) => ({ ...v, emergencyContact: { ...v.emergencyContact, [key]: value } }))
  const err = (path: string) => errors[path] ?? null

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setSaved('')
    const input = inputOf(values)
    const parsed = profileSchema.safeParse(input)
    if (!parsed.success) {
      const next: Record<string, string> = {}
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message
      setErrors(next)
      const first = Object.keys(next)[0]
      if (first) document.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus()
      return
    }
    setErrors({})
    const outcome = await save.run({ input })
    if (outcome.ok) {
      setSaved('Your profile is saved.')
      return
    }
    const next: Record<string, string> = {}
    for (const f of outcome.failure.fields) next[f.path] ??= f.message
    setErrors(next)
  }

  const instruments = values.instruments
  return (
    <Panel as="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-950">
        Your details
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Application forms fill in your name, phone and emergency contact from here.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Preferred name"
          data-path="preferredName"
          autoComplete="name"
          value={values.preferredName}
          onChange={(e) => set('preferredName', e.target.value)}
          error={err('preferredName')}
          required
        />
        <TextField
          label="Pronouns (optional)"
          data-path="pronouns"
          value={values.pronouns}
          onChange={(e) => set('pronouns', e.target.value)}
          error={err('pronouns')}
        />
        <TextField
          label="Phone (optional)"
          data-path="phone"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(e) => set('phone', e.target.value)}
          error={err('phone')}
        />
        <div>
          <label htmlFor={`${id}-voice`} className="block text-sm font-semibold text-slate-900">
            Voice part (optional)
          </label>
          <select
            id={`${id}-voice`}
            data-path="voicePart"
            className={`${fieldClass('md', Boolean(err('voicePart')))} mt-1.5`}
            value={values.voicePart}
            onChange={(e) => set('voicePart', e.target.value)}
          >
            <option value="">Not singing / not given</option>
            {VOICE_PARTS.map((part) => (
              <option key={part} value={part}>
                {voicePartName(part)}
              </option>
            ))}
          </select>
          {err('voicePart') ? (
            <p className="mt-1.5 text-sm font-semibold text-red-700">{err('voicePart')}</p>
          ) : null}
        </div>

        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-bold text-slate-900">Emergency contact (optional)</legend>
          <TextField
            label="Name"
            data-path="emergencyContact.name"
            value={values.emergencyContact.name}
            onChange={(e) => setContact('name', e.target.value)}
            error={err('emergencyContact.name')}
          />
          <TextField
            label="Phone"
            type="tel"
            data-path="emergencyContact.phone"
            value={values.emergencyContact.phone}
            onChange={(e) => setContact('phone', e.target.value)}
            error={err('emergencyContact.phone')}
          />
          <TextField
            label="Relationship"
            data-path="emergencyContact.relationship"
            value={values.emergencyContact.relationship}
            onChange={(e) => setContact('relationship', e.target.value)}
            error={err('emergencyContact.relationship')}
          />
        </fieldset>

        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-bold text-slate-900">Instruments</legend>
          {instruments.length === 0 ? <p className="text-sm text-slate-700">None listed.</p> : null}
          <ul className="grid gap-3">
            {instruments.map((item, index) => (
              <li
                key={index}
                className="grid grid-cols-[1fr_auto] items-end gap-2 sm:grid-cols-[2fr_1fr_auto]"
              >
                <TextField
                  label={`Instrument ${index + 1}`}
                  data-path={`instruments.${index}.instrument`}
                  value={item.instrument}
                  onChange={(e) =>
                    set(
                      'instruments',
                      instruments.map((it, i) => (i === index ? { ...it, instrument: e.target.value } : it)),
                    )
                  }
                  error={err(`instruments.${index}.instrument`)}
                  className="col-span-2 sm:col-span-1"
                />
                <div>
                  <label
                    htmlFor={`${id}-level-${index}`}
                    className="block text-sm font-semibold text-slate-900"
                  >
                    Level
                  </label>
                  <select
                    id={`${id}-level-${index}`}
                    className={`${fieldClass()} mt-1.5`}
                    value={item.level}
                    onChange={(e) =>
                      set(
                        'instruments',
                        instruments.map((it, i) =>
                          i === index
                            ? { ...it, level: e.target.value as (typeof INSTRUMENT_LEVELS)[number] }
                            : it,
                        ),
                      )
                    }
                  >
                    {INSTRUMENT_LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {level}
                      </option>
                    ))}
                  </select>
                </div>
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`Remove instrument ${index + 1}`}
                  onClick={() =>
                    set(
                      'instruments',
                      instruments.filter((_, i) => i !== index),
                    )
                  }
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
          {instruments.length < MAX_INSTRUMENTS ? (
            <Button
              type="button"
              variant="secondary"
              className="mt-3"
              onClick={() => set('instruments', [...instruments, { instrument: '', level: 'intermediate' }])}
            >
              <Plus aria-hidden className="size-4" /> Add an instrument
            </Button>
          ) : null}
          {err('instruments') ? (
            <p className="mt-1.5 text-sm font-semibold text-red-700">{err('instruments')}</p>
          ) : null}
        </fieldset>

        {(
          [
            ['dietaryRequirements', 'Dietary requirements (optional)'],
            ['accessNeeds', 'Access needs (optional)'],
            ['bio', 'Bio (optional)'],
          ] as const
        ).map(([key, label]) => (
          <div key={key} className={key === 'bio' ? 'sm:col-span-2' : ''}>
            <label htmlFor={`${id}-${key}`} className="block text-sm font-semibold text-slate-900">
              {label}
            </label>
            <textarea
              id={`${id}-${key}`}
              data-path={key}
              className={areaClass}
              value={values[key]}
              aria-invalid={err(key) ? true : undefined}
              aria-describedby={err(key) ? `${id}-${key}-error` : undefined}
              onChange={(e) => set(key, e.target.value)}
            />
            {err(key) ? (
              <p id={`${id}-${key}-error`} className="mt-1.5 text-sm font-semibold text-red-700">
                {err(key)}
              </p>
            ) : null}
          </div>
        ))}

        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-bold text-slate-900">Sharing and emails</legend>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={values.socialListOptIn}
              onChange={(e) => set('socialListOptIn', e.target.checked)}
            />
            Show me as going on the social list of socials I attend
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={values.emailPreferences.eventAnnouncements}
              onChange={(e) =>
                set('emailPreferences', { ...values.emailPreferences, eventAnnouncements: e.target.checked })
              }
            />
            Email me when new events and auditions open
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={values.emailPreferences.reminders}
              onChange={(e) =>
                set('emailPreferences', { ...values.emailPreferences, reminders: e.target.checked })
              }
            />
            Email me reminders before rehearsals and deadlines
          </label>
          <p className="text-sm text-slate-600">
            Stagedoor does not send event announcements or rehearsal reminders yet: these two choices are kept
            for when it does. Emails about your own applications, payments, tickets, committee roles and
            account always go; mailing lists have their own unsubscribe link.
          </p>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" pending={save.fetching}>
            Save profile
          </Button>
          <p role="status" className="text-sm font-semibold text-green-800">
            {saved}
          </p>
          {save.message && Object.keys(errors).length === 0 ? (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {save.message}
            </p>
          ) : null}
        </div>
      </form>
    </Panel>
  )
}
