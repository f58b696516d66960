import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'

const serverImports = {
  regex: '^(#server/|(\\.\\./)+server/)',
  message: 'Only the server may import server code (STYLE.md: core ← server, core ← client).',
}
const clientBrowserImports = [
  serverImports,
  { group: ['node:*'], message: 'The client runs in the browser.' },
]
const featureImports = {
  regex: '^(#client/features/|(\\.\\./)+features/)',
  message:
    'components/ and lib/ are shared by every feature and know none: move what they need here, or pass it in.',
}
const clientImports = {
  regex: '^(#client/|(\\.\\./)+client/)',
  message: 'Only the client may import client code.',
}

// Production server code never reaches the demo society or the test helpers (main.ts starts the
// demo through a dynamic import only in demo mode).
const productionServerZones = [
  {
    regex: '^(#server/demo/|(\\.\\./)+demo/|\\./demo/)',
    message: 'Production code does not import the demo society (main.ts starts it).',
  },
  {
    regex: '^(#server/testing/|(\\.\\./)+testing/)|\\.test\\.ts$',
    message: 'Production code does not import tests or test helpers.',
  },
]
const dbSchemaImports = {
  regex: '^(#server/db/schema|(\\.\\./)+db/schema)',
  message: 'Resolvers and GraphQL types call use cases and loaders; they do not import db/schema.',
}
const appImports = {
  regex: '^(#server/app\\.ts|(\\.\\./)+app\\.ts)$',
  message: 'Routes do not import app.ts: share through src/server/http.',
}

// The client's feature folders. The app (src/client/app) composes them; none imports another.
const clientFeatures = readdirSync(new URL('./src/client/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', '.test-data', 'src/client/gql/**', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**/*.{js,mjs}', '*.{js,mjs}', 'e2e/**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // core runs on both sides: no node:*, no react, no drizzle, no server or client code.
    files: ['src/core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            clientImports,
            { group: ['node:*'], message: 'core runs in the browser too: no Node built-ins.' },
            {
              group: ['react', 'react-*', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'pg'],
              message: 'core stays framework-free.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: clientBrowserImports }],
    },
  },
  // Features do not import each other: what two features share lives in core, components or lib, or
  // the app composes them. One block per feature and folder depth, because a relative path climbs
  // out of a feature only at a known depth (`../../other/` from features/x/components/y.tsx).
  ...clientFeatures.flatMap((feature) =>
    [0, 1, 2, 3].map((depth) => ({
      files: [`src/client/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...clientBrowserImports,
              {
                regex: `^(#client/features/(?!${feature}/)|${'\\.\\./'.repeat(depth + 1)}(?!\\.\\./|${feature}/))`,
                message: `A feature may not import another feature (${feature} → …): move what both need to core, components or lib, or compose them in src/client/app.`,
              },
            ],
          },
        ],
      },
    })),
  ),
  {
    // What every feature shares knows no feature: the app (src/client/app) composes them.
    files: ['src/client/components/**/*.{ts,tsx}', 'src/client/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...clientBrowserImports, featureImports] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientImports, ...productionServerZones] }] },
  },
  {
    // Resolvers read arguments and call use cases or loaders: the database is not theirs to touch.
    files: ['src/server/**/*.graphql.ts', 'src/server/modules/*/types/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [clientImports, ...productionServerZones, dbSchemaImports] },
      ],
    },
  },
  {
    // Routes share what they need through src/server/http, never through the app that mounts them.
    files: ['src/server/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [clientImports, ...productionServerZones, appImports] }],
    },
  },
  {
    // The demo, tests and test helpers may reach anything of the server.
    files: ['src/server/demo/**', 'src/server/testing/**', 'src/server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientImports] }] },
  },
  {
    // One screenful of concepts per file: split by use case or component beyond 400 lines.
    files: ['src/server/**/*.ts', 'src/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/client/gql/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
)
