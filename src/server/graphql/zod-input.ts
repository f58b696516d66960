import type { EnumRef, InputFieldRef, InputObjectRef } from '@pothos/core'
import { z } from 'zod'
import { builder } from './builder.ts'

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never
type FieldBuilder = PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>
type Field = InputFieldRef<Types, unknown>
type Named = 'String' | 'Int' | 'Float' | 'Boolean' | 'DateTime' | 'JSON'
type TypeRef = Named | EnumRef<Types, string, string> | InputObjectRef<Types, Record<string, unknown>>

export interface ZodInputOptions {
  description?: string
  /** The name of each nested object's input type, by dotted path (`eventConfig.permissions`). */
  names?: Record<string, string>
  /** An input type already built for a nested object (one schema used by two inputs), by dotted path. */
  refs?: Record<string, InputObjectRef<Types, Record<string, unknown>>>
  /** The GraphQL enum of each zod enum, by dotted path: the one the output uses, so both agree. */
  enums?: Record<string, EnumRef<Types, string, string>>
  /** Field descriptions by dotted path; a schema's own `.describe()` text serves where none is given. */
  descriptions?: Record<string, string>
  /** Dotted paths the server keeps for itself: stored in the schema's data, never sent by a client. */
  serverOwned?: readonly string[]
}

/** Peel optional, nullable and default off a schema: what remains, and whether a value must be sent. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; required: boolean } {
  let inner = schema
  let required = true
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
      required = false
      inner = inner.unwrap() as z.ZodType
    } else {
      return { inner, required }
    }
  }
}

/**
 * A GraphQL input type derived from a zod object schema, so the API's input and the shared schema
 * cannot drift apart: strings, numbers, booleans and dates become scalars, zod enums the GraphQL enums
 * given for them, nested objects input types of their own, arrays lists. A record (an object keyed by
 * data, such as application types keyed by a staff-chosen key) stays `JSON`: GraphQL has no map type.
 * A field is required only where the schema has no default and allows no null.
 *
 * The resolver still parses the value with the zod schema: GraphQL checks the shape, zod the rules
 * (lengths, patterns, cross-field checks) and answers VALIDATION with every field's problem.
 */
export function inputTypeFromZod(
  name: string,
  schema: z.ZodObject,
  options: ZodInputOptions = {},
): InputObjectRef<Types, Record<string, unknown>> {
  const describe = (path: string, ...schemas: z.ZodType[]) =>
    options.descriptions?.[path] ?? schemas.map((s) => s.description).find(Boolean)

  const typeOf = (inner: z.ZodType, path: string): TypeRef => {
    if (inner instanceof z.ZodString) return 'String'
    if (inner instanceof z.ZodNumber) return inner.isInt ? 'Int' : 'Float'
    if (inner instanceof z.ZodBoolean) return 'Boolean'
    if (inner instanceof z.ZodDate) return 'DateTime'
    if (inner instanceof z.ZodRecord) return 'JSON'
    if (inner instanceof z.ZodEnum) {
      const ref = options.enums?.[path]
      if (!ref) throw new Error(`inputTypeFromZod(${name}): name the GraphQL enum for "${path}"`)
      return ref
    }
    if (inner instanceof z.ZodObject) {
      const built = options.refs?.[path]
      if (built) return built
      const nested = options.names?.[path]
      if (!nested) throw new Error(`inputTypeFromZod(${name}): name the input type for "${path}"`)
      return objectType(nested, inner, path)
    }
    throw new Error(`inputTypeFromZod(${name}): no GraphQL input for zod "${inner.def.type}" at "${path}"`)
  }

  const fieldOf = (t: FieldBuilder, schema: z.ZodType, path: string): Field => {
    const { inner, required } = unwrap(schema)
    const description = describe(path, schema, inner)
    if (inner instanceof z.ZodArray) {
      const item = unwrap(inner.element as z.ZodType)
      return t.field({
        type: [typeOf(item.inner, path)],
        required: { list: required, items: item.required },
        ...(description ? { description } : {}),
      })
    }
    return t.field({ type: typeOf(inner, path), required, ...(description ? { description } : {}) })
  }

  function objectType(
    typeName: string,
    object: z.ZodObject,
    path: string,
    description?: string,
  ): InputObjectRef<Types, Record<string, unknown>> {
    return builder.inputType(typeName, {
      ...(description ? { description } : {}),
      fields: (t) =>
        Object.fromEntries(
          Object.entries(object.shape).flatMap(([key, field]) => {
            const at = path ? `${path}.${key}` : key
            if (options.serverOwned?.includes(at)) return []
            return [[key, fieldOf(t, field as z.ZodType, at)]]
          }),
        ),
    })
  }

  return objectType(name, schema, '', options.description ?? schema.description)
}
