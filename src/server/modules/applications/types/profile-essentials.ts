import { builder } from '#server/graphql/builder.ts'
import type { ProfilePrefill } from '../applications.queries.ts'
import { EmergencyContactRef } from './emergency-contact.ts'

export const ProfileEssentialsRef = builder.objectRef<ProfilePrefill>('ProfileEssentials').implement({
  description: 'The profile details every application needs, as the member last gave them.',
  fields: (t) => ({
    name: t.exposeString('name'),
    phone: t.exposeString('phone', { nullable: true }),
    emergencyContact: t.field({
      type: EmergencyContactRef,
      nullable: true,
      resolve: (p) => p.emergencyContact,
    }),
  }),
})
