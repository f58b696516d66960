import { INSTRUMENT_LEVELS, profileSchema, type InstrumentLevel } from '#core/profiles/profile.schemas.ts'
import { PUSH_KIND_LABELS, pushPreferencesSchema } from '#core/notifications/push-preferences.ts'
import { builder } from '#server/graphql/builder.ts'
import { inputTypeFromZod } from '#server/graphql/zod-input.ts'
import { EmergencyContactRef } from '#server/modules/applications/types/emergency-contact.ts'
import type { InactiveProfile } from '../inactive-profiles.ts'
import type { MyProfileView } from '../my-profile.ts'

export const InstrumentLevelEnum = builder.enumType('InstrumentLevel', { values: INSTRUMENT_LEVELS })

const ProfileInstrumentRef = builder
  .objectRef<{ instrument: string; level: InstrumentLevel }>('ProfileInstrument')
  .implement({
    description: 'An instrument the member plays, with their level.',
    fields: (t) => ({
      instrument: t.exposeString('instrument'),
      level: t.expose('level', { type: InstrumentLevelEnum }),
    }),
  })

const EmailPreferencesRef = builder
  .objectRef<MyProfileView['emailPreferences']>('EmailPreferences')
  .implement({
    description: 'Optional emails; those about your own applications, tickets and account always go.',
    fields: (t) => ({
      eventAnnouncements: t.exposeBoolean('eventAnnouncements'),
      reminders: t.exposeBoolean('reminders'),
    }),
  })

const PushPreferencesRef = builder.objectRef<MyProfileView['pushPreferences']>('PushPreferences').implement({
  description: 'Which notifications go to the browsers the member turned them on in (each is also an email).',
  fields: (t) => ({
    offers: t.exposeBoolean('offers', { description: PUSH_KIND_LABELS.offers.hint }),
    releases: t.exposeBoolean('releases', { description: PUSH_KIND_LABELS.releases.hint }),
    showReveals: t.exposeBoolean('showReveals', { description: PUSH_KIND_LABELS.showReveals.hint }),
    ticketOffers: t.exposeBoolean('ticketOffers', { description: PUSH_KIND_LABELS.ticketOffers.hint }),
  }),
})

export const PushPreferencesInputRef = inputTypeFromZod('PushPreferencesInput', pushPreferencesSchema, {
  description:
    'Every notification switch, checked by `pushPreferencesSchema` (the switches use the same one).',
})

export const MyProfileRef = builder.objectRef<MyProfileView>('MyProfile').implement({
  description: "The signed-in member's own profile (`/profile`). Empty text means not given.",
  fields: (t) => ({
    id: t.exposeID('userId'),
    email: t.exposeString('email'),
    slug: t.exposeString('slug', { nullable: true }),
    preferredName: t.exposeString('preferredName'),
    pronouns: t.exposeString('pronouns'),
    phone: t.exposeString('phone'),
    emergencyContact: t.field({
      type: EmergencyContactRef,
      nullable: true,
      resolve: (p) => p.emergencyContact,
    }),
    voicePart: t.exposeString('voicePart'),
    instruments: t.field({ type: [ProfileInstrumentRef], resolve: (p) => p.instruments }),
    dietaryRequirements: t.exposeString('dietaryRequirements'),
    accessNeeds: t.exposeString('accessNeeds'),
    bio: t.exposeString('bio'),
    socialListOptIn: t.exposeBoolean('socialListOptIn'),
    emailPreferences: t.field({ type: EmailPreferencesRef, resolve: (p) => p.emailPreferences }),
    pushPreferences: t.field({ type: PushPreferencesRef, resolve: (p) => p.pushPreferences }),
    photoUrl: t.exposeString('photoUrl', {
      nullable: true,
      description: 'The square photo behind a signed link valid for 15 minutes.',
    }),
  }),
})

export const ProfileInputRef = inputTypeFromZod('ProfileInput', profileSchema, {
  description:
    'The whole profile, checked by `profileSchema` (the form uses the same one): VALIDATION names each bad field by path.',
  names: {
    emergencyContact: 'ProfileEmergencyContactInput',
    instruments: 'ProfileInstrumentInput',
    emailPreferences: 'EmailPreferencesInput',
  },
  enums: { 'instruments.level': InstrumentLevelEnum },
})

export const InactiveProfileRef = builder.objectRef<InactiveProfile>('InactiveProfile').implement({
  description: 'A member with no activity for RETENTION_YEARS: review for deletion.',
  fields: (t) => ({
    id: t.exposeID('userId'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    slug: t.exposeString('slug', { nullable: true }),
    lastActiveAt: t.expose('lastActiveAt', { type: 'DateTime' }),
  }),
})
