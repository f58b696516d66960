import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const serverImports = {
  regex: '^(#server/|(\\.\\./)+server/)',
  message: 'Only the server may import server code (STYLE.md: core ← server, core ← client).',
}
const clientImports = {
  regex: '^(#client/|(\\.\\./)+client/)',
  message: 'Only the client may import client code.',
}

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
      'no-restricted-imports': [
        'error',
        { patterns: [serverImports, { group: ['node:*'], message: 'The client runs in the browser.' }] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientImports] }] },
  },
)
