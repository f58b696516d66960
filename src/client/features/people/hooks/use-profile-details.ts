import { useState } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { profileSchema, type ProfileInput } from '#core/profiles/profile.schemas.ts'
import { zodResolver } from '#client/components/ui/form/index.ts'
import type { MyProfileQuery } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { UpdateMyProfileMutation } from '../graphql/my-profile.query.ts'

type Profile = MyProfileQuery['myProfile']
interface Contact {
  name: string
  phone: string
  relationship: string
}
export type ProfileDetailsValues = Omit<ProfileInput, 'emergencyContact'> & { emergencyContact: Contact }

function valuesOf(profile: Profile): ProfileDetailsValues {
  return {
    preferredName: profile.preferredName,
    pronouns: profile.pronouns,
    phone: profile.phone,
    emergencyContact: profile.emergencyContact ?? { name: '', phone: '', relationship: '' },
    voicePart: profile.voicePart,
    instruments: profile.instruments.map((i) => ({
      instrument: i.instrument,
      level: i.level,
    })) as ProfileDetailsValues['instruments'],
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
export function inputOf(values: ProfileDetailsValues): ProfileInput {
  const c = values.emergencyContact
  const empty = !c.name.trim() && !c.phone.trim() && !c.relationship.trim()
  return { ...values, emergencyContact: empty ? null : c }
}

/** The profile form: checked with `profileSchema` before sending and again by the server. */
export function useProfileDetails(profile: Profile) {
  const form = useForm<ProfileDetailsValues>({
    defaultValues: valuesOf(profile),
    resolver: zodResolver<ProfileDetailsValues>(profileSchema, { toInput: inputOf }),
  })
  const instruments = useFieldArray({ control: form.control, name: 'instruments' })
  const [saved, setSaved] = useState('')
  const save = useAppMutation(UpdateMyProfileMutation, { report: 'inline' })

  const onSubmit = async (values: ProfileDetailsValues) => {
    setSaved('')
    const outcome = await save.run({ input: inputOf(values) }, { form: { setError: form.setError } })
    if (outcome.ok) setSaved('Your profile is saved.')
  }

  return { form, instruments, saved, saving: save.fetching, message: save.message, onSubmit }
}
