import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // NOTE: one copy of graphql-js. Without this Vite loads the ESM build for test files and Node
    // the CommonJS build for Pothos/Mercurius, and graphql refuses types "from another realm".
    alias: { graphql: 'graphql/index.js' },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/core/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['src/server/testing/global-setup.ts'],
          pool: 'forks',
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          // `npm run test:e2e` (scripts/e2e.mjs) finds Chromium and builds the client first.
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          // On a failure: is the server still answering, free disk space, the end of its log.
          setupFiles: ['e2e/support/failure-report.ts'],
          environment: 'node',
          // One server for the whole run (global setup); files take turns so they never race on its data.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page that loads in 1 s on a quiet machine can take several on a busy one: a poll gives
          // up after 15 s rather than vitest's 1 s default (a poll that holds returns at once).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
})
