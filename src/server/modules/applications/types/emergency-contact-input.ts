import { emergencyContactSchema } from '#core/profiles/profile.schemas.ts'
import { builder } from '#server/graphql/builder.ts'
import { zodInputFields } from '#server/graphql/zod-input-fields.ts'

export const EmergencyContactInput = builder.inputType('EmergencyContactInput', {
  description: 'Who to call in an emergency (`emergencyContactSchema`: name, phone, relationship).',
  fields: (t) => zodInputFields(t, emergencyContactSchema),
})
