import { builder } from '#server/graphql/builder.ts'
import type { ProfilePrefill } from '../applications.queries.ts'

export const EmergencyContactRef = builder
  .objectRef<NonNullable<ProfilePrefill['emergencyContact']>>('EmergencyContact')
  .implement({
    fields: (t) => ({
      name: t.exposeString('name'),
      phone: t.exposeString('phone'),
      relationship: t.exposeString('relationship'),
    }),
  })
