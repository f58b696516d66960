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
      presetConfig: { fragmentMasking: { unmaskFunctionName: 'getFragmentData' } },
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
