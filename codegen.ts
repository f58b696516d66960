import type { CodegenConfig } from '@graphql-codegen/cli'

/**
 * Types for the client's GraphQL documents, from the committed schema.graphql (`npm run codegen`
 * emits the schema from the server first). Documents are written with the generated `graphql()`.
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['src/client/**/*.{ts,tsx}', '!src/client/gql/**'],
  ignoreNoDocuments: false,
  generates: {
    'src/client/gql/': {
      preset: 'client',
      // NOTE: fragments name a shape read in more than one place (one selection, one cache entry);
      // they are not masked, so a query's result type holds the fragment's fields as written.
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTime: 'string', JSON: 'unknown', ID: 'string' },
        strictScalars: true,
      },
    },
  },
}

export default config
