/**
 * For the titles of tests that fire requests together with `Promise.all`. On PostgreSQL they run on
 * separate connections and truly overlap; the embedded database (PGlite) has one connection and takes
 * each transaction in turn, so there the test checks the outcome of the same requests one after
 * another, not a race. CI runs the integration suite on both (.ci/run).
 */
export const RACE_NOTE = process.env.DATABASE_URL
  ? 'overlapping on PostgreSQL'
  : 'one after another on the embedded database; they overlap only in the PostgreSQL run'
