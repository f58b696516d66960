import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { KNOWN_SKIPS, report, summarize } from './test-summary.mjs'

// The summary of a CI run, on fake vitest JSON reports: skipped tests are counted, and a skip that
// is not in KNOWN_SKIPS fails the run. .ci/run reads the first line with ${summary%% passed*} and sed.

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

type Status = 'passed' | 'failed' | 'skipped' | 'pending' | 'todo'
function fakeReport(file: string, tests: [describe: string, title: string, status: Status][]) {
  const count = (...s: Status[]) => tests.filter((t) => s.includes(t[2])).length
  return {
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('skipped', 'pending'),
    numTodoTests: count('todo'),
    testResults: [
      {
        name: path.join('/ci/checkout', file),
        assertionResults: tests.map(([d, title, status]) => ({
          ancestorTitles: [d],
          title,
          fullName: `${d} ${title}`,
          status,
        })),
      },
    ],
  }
}

function folder(reports: Record<string, ReturnType<typeof fakeReport>>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'test-results-'))
  dirs.push(dir)
  for (const [name, r] of Object.entries(reports)) writeFileSync(path.join(dir, name), JSON.stringify(r))
  return dir
}

const known = KNOWN_SKIPS[0]!

describe('test summary', () => {
  it('adds passed, failed and skipped across the reports; a known skip is no failure', () => {
    const dir = folder({
      'unit.json': fakeReport('src/core/a.test.ts', [
        ['a', 'one', 'passed'],
        ['a', 'two', 'passed'],
        ['a', 'three', 'failed'],
      ]),
      'integration.json': fakeReport(known.file, [
        [known.describe, 'races', 'skipped'],
        [known.describe, 'also', 'skipped'],
      ]),
      'notes.txt': fakeReport('src/ignored.test.ts', [['x', 'y', 'passed']]),
    })
    const summary = summarize(dir)
    expect(summary).toEqual({
      passed: 2,
      failed: 1,
      skipped: 2,
      unexpected: [],
      failures: [expect.stringMatching(/^unit\.json: .*src\/core\/a\.test\.ts > a three$/)],
    })
    expect(report(summary)).toEqual([
      '2 passed, 1 failed, 2 skipped',
      expect.stringMatching(/^ {2}failed: unit\.json: .*a three$/),
    ])
  })

  it('counts a skip outside KNOWN_SKIPS (another file, or another describe in a known file) as a failure', () => {
    const dir = folder({
      'unit.json': fakeReport('src/core/b.test.ts', [
        ['b', 'runs', 'passed'],
        ['b', 'forgotten', 'skipped'],
        ['b', 'later', 'todo'],
      ]),
      'integration-postgres.json': fakeReport(known.file, [['another describe', 'sneaks', 'skipped']]),
    })
    const summary = summarize(dir)
    expect(summary.passed).toBe(1)
    expect(summary.failed).toBe(0)
    expect(summary.skipped).toBe(3)
    expect(summary.unexpected).toEqual([
      expect.stringMatching(/^integration-postgres\.json: .*another describe sneaks$/),
      expect.stringMatching(/^unit\.json: .*b forgotten$/),
      expect.stringMatching(/^unit\.json: .*b later$/),
    ])
    const lines = report(summary)
    expect(lines[0]).toBe('1 passed, 3 failed, 3 skipped')
    expect(lines).toHaveLength(5)
  })

  it('prints a first line .ci/run can read, and exits non-zero on an unexpected skip', () => {
    const script = path.join(import.meta.dirname, 'test-summary.mjs')
    const clean = folder({
      'unit.json': fakeReport(known.file, [
        [known.describe, 'x', 'skipped'],
        ['y', 'z', 'passed'],
      ]),
    })
    expect(execFileSync(process.execPath, [script, clean], { encoding: 'utf8' })).toBe(
      '1 passed, 0 failed, 1 skipped\n',
    )

    const bad = folder({ 'unit.json': fakeReport('src/core/c.test.ts', [['c', 'gone', 'skipped']]) })
    const run = spawnSync(process.execPath, [script, bad], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    const first = run.stdout.split('\n')[0]!
    // The same parsing as .ci/run: ${summary%% passed*} and sed on the first line.
    const parsed = execFileSync(
      'bash',
      [
        '-c',
        'first=$(echo "$1" | head -n1); echo "${first%% passed*} $(echo "$first" | sed -E \'s/^[0-9]+ passed, ([0-9]+) failed.*/\\1/\')"',
        '_',
        run.stdout,
      ],
      { encoding: 'utf8' },
    )
    expect(first).toBe('0 passed, 1 failed, 1 skipped')
    expect(parsed).toBe('0 1\n')
  })

  it('the .ci/run parsing in this test is the one .ci/run uses', async () => {
    const { readFileSync } = await import('node:fs')
    const ci = readFileSync(path.join(import.meta.dirname, '..', '.ci', 'run'), 'utf8')
    expect(ci).toContain('first=$(echo "$summary" | head -n1)')
    expect(ci).toContain('passed=${first%% passed*}')
    expect(ci).toContain(`failed=$(echo "$first" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\\1/')`)
  })
})
