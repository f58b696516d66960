import SchemaBuilder from '@pothos/core'
import DataloaderPlugin from '@pothos/plugin-dataloader'
import { GraphQLError } from 'graphql'
import type { GraphQLContext } from './context.ts'

/**
 * The Pothos builder. It knows no types: each module adds its own, and `schema.ts` alone imports
 * every module and builds the schema.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext
  DefaultFieldNullability: false
  Scalars: {
    DateTime: { Input: Date; Output: Date }
    JSON: { Input: unknown; Output: unknown }
  }
}>({
  plugins: [DataloaderPlugin],
  defaultFieldNullability: false,
})

builder.queryType({})
builder.mutationType({})
builder.subscriptionType({})

builder.scalarType('DateTime', {
  description: 'An ISO 8601 instant in UTC.',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value))
    // A GraphQLError, not a TypeError: the JIT-compiled path keeps it as the original error, and
    // the error formatter answers BAD_REQUEST only for GraphQLErrors (the fuzz test found it).
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO 8601 string')
    return date
  },
})

builder.scalarType('JSON', {
  description: 'Arbitrary JSON.',
  serialize: (value) => value,
  parseValue: (value) => value,
})
