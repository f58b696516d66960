// Totals the vitest JSON reports in a folder: { passed, failed }.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export function summarize(dir) {
  let passed = 0
  let failed = 0
  if (!existsSync(dir)) return { passed, failed }
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'))
    passed += report.numPassedTests ?? 0
    failed += report.numFailedTests ?? 0
  }
  return { passed, failed }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { passed, failed } = summarize(process.argv[2] ?? '.test-results')
  console.log(`${passed} passed, ${failed} failed`)
}
