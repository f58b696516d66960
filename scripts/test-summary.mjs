// Totals the vitest JSON reports in a folder: { passed, failed, skipped, unexpected }.
// A skipped test counts as a failure unless it is in KNOWN_SKIPS: a test that stops running without
// anyone deciding so (a stray `.skip`, an `.only`, a `skipIf` whose condition went wrong) must not
// pass quietly. The first line printed is "N passed, M failed, K skipped"; .ci/run reads N and M.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Skips that are meant: a file (path from the repository root) and its top-level describe. */
export const KNOWN_SKIPS = [
  {
    file: 'src/server/realtime/multi-process.test.ts',
    describe: 'two app processes on one PostgreSQL',
    why: 'needs PostgreSQL: skipped on the embedded database',
  },
  {
    file: 'src/server/backup/backup-cli.test.ts',
    describe: 'npm run backup / restore (embedded, server running)',
    why: 'the embedded database only: skipped when DATABASE_URL is set',
  },
  {
    file: 'src/server/backup/online-backup.test.ts',
    describe: 'online backups of the embedded database (the compiled server)',
    why: 'the embedded database only: skipped on PostgreSQL',
  },
]

const SKIPPED = new Set(['skipped', 'pending', 'todo', 'disabled'])

function isKnown(fileName, ancestorTitles, knownSkips) {
  const file = fileName.split(path.sep).join('/')
  return knownSkips.some(
    (k) => (file === k.file || file.endsWith(`/${k.file}`)) && ancestorTitles[0] === k.describe,
  )
}

export function summarize(dir, knownSkips = KNOWN_SKIPS) {
  let passed = 0
  let failed = 0
  let skipped = 0
  const unexpected = []
  const failures = []
  if (!existsSync(dir)) return { passed, failed, skipped, unexpected, failures }
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'))
    passed += report.numPassedTests ?? 0
    failed += report.numFailedTests ?? 0
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
    for (const suite of report.testResults ?? []) {
      const where = `${file}: ${path.relative(process.cwd(), suite.name ?? '')}`
      // A file that failed to load (syntax, import, a hook that threw) has no failed test to name.
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failures.push(`${where} (the file: ${String(suite.message ?? '').split('\n')[0]})`)
      }
      for (const test of suite.assertionResults ?? []) {
        if (test.status === 'failed') failures.push(`${where} > ${test.fullName ?? test.title}`)
        if (!SKIPPED.has(test.status)) continue
        if (isKnown(suite.name ?? '', test.ancestorTitles ?? [], knownSkips)) continue
        unexpected.push(`${where} > ${test.fullName ?? test.title}`)
      }
    }
  }
  return { passed, failed, skipped, unexpected, failures }
}

/**
 * The lines to print: the totals first (unexpected skips count as failures), then each failed test
 * (so a CI log names what failed without the reports), then each unexpected skip.
 */
export function report({ passed, failed, skipped, unexpected, failures = [] }) {
  const lines = [`${passed} passed, ${failed + unexpected.length} failed, ${skipped} skipped`]
  for (const f of failures) lines.push(`  failed: ${f}`)
  if (unexpected.length) {
    lines.push(
      `${unexpected.length} unexpected skip(s), counted as failures (scripts/test-summary.mjs KNOWN_SKIPS):`,
    )
    for (const u of unexpected) lines.push(`  skipped: ${u}`)
  }
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const summary = summarize(process.argv[2] ?? '.test-results')
  for (const line of report(summary)) console.log(line)
  process.exit(summary.failed + summary.unexpected.length ? 1 : 0)
}
