import { profileEssentialsSchema } from '#core/profiles/profile.schemas.ts'
import { builder } from '#server/graphql/builder.ts'
import { zodInputFields } from '#server/graphql/zod-input-fields.ts'
import { EmergencyContactInput } from './emergency-contact-input.ts'

export const ProfileEssentialsInput = builder.inputType('ProfileEssentialsInput', {
  description:
    'The profile details every application needs (`profileEssentialsSchema`), saved back to the profile. Every field is checked on the server: a missing or bad one is VALIDATION on its path, e.g. `profile.phone`.',
  fields: (t) => zodInputFields(t, profileEssentialsSchema, { emergencyContact: EmergencyContactInput }),
})
