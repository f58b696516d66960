import type { InputFieldRef } from '@pothos/core'
import { bankDetailsSchema, societySettingsSchema } from '#core/society/society-settings.schemas.ts'
import { builder } from '#server/graphql/builder.ts'

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never

/**
 * One optional String per key of a core schema: the schema alone says what is required and
 * well-formed, so a missing or bad field comes back as VALIDATION on its path (`bank.sortCode`).
 */
function stringFields(
  t: PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>,
  keys: readonly string[],
): Record<string, InputFieldRef<Types, unknown>> {
  return Object.fromEntries(keys.map((key) => [key, t.string({ required: false })]))
}

export const BankDetailsInput = builder.inputType('BankDetailsInput', {
  description: 'The account members and ticket buyers pay into (`bankDetailsSchema`).',
  fields: (t) => stringFields(t, Object.keys(bankDetailsSchema.shape)),
})

export const SocietySettingsInput = builder.inputType('SocietySettingsInput', {
  description: 'The society’s settings (`societySettingsSchema`); every field is checked on the server.',
  fields: (t) => ({
    ...stringFields(
      t,
      Object.keys(societySettingsSchema.shape).filter((key) => key !== 'bank'),
    ),
    bank: t.field({ type: BankDetailsInput, required: false }),
  }),
})
