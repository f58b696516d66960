import type { InputFieldRef, InputObjectRef, SchemaTypes } from '@pothos/core'
import { z } from 'zod'

/**
 * The fields of a GraphQL input type, derived from a zod object schema in `src/core`, so the input's
 * shape cannot drift from the rule: each string of the schema is a String, each nested object the
 * input type given for it in `nested` (anything else is refused at start-up). Every field is
 * optional in GraphQL: the schema alone says what is required and well-formed, so a missing or bad
 * field comes back as VALIDATION on its path (`profile.emergencyContact.phone`), as forms expect.
 */
export function zodInputFields<Types extends SchemaTypes, Shape extends z.ZodRawShape>(
  t: PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>,
  schema: z.ZodObject<Shape>,
  nested: Partial<Record<keyof Shape, InputObjectRef<Types, unknown>>> = {},
): Record<keyof Shape & string, InputFieldRef<Types, unknown>> {
  const fields: Record<string, InputFieldRef<Types, unknown>> = {}
  for (const [key, field] of Object.entries(schema.shape)) {
    const input = nested[key]
    if (input) fields[key] = t.field({ type: input, required: false })
    else if (field instanceof z.ZodString) fields[key] = t.string({ required: false })
    else throw new Error(`zodInputFields: no GraphQL input for "${key}" (give it in \`nested\`)`)
  }
  return fields as Record<keyof Shape & string, InputFieldRef<Types, unknown>>
}
