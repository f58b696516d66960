import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// A decision record is one page (docs/decisions/, issue 31): at most 2,000 words, under a title that
// carries its number. Logs and bench histories belong in docs/notes/.
const DIR = path.join(import.meta.dirname, '..', 'docs', 'decisions')
const MAX_WORDS = 2_000

const records = readdirSync(DIR).filter((f) => /^\d{4}-.+\.md$/.test(f))
const words = (file: string) => readFileSync(path.join(DIR, file), 'utf8').split(/\s+/).filter(Boolean).length

describe('decision records', () => {
  it('finds the records', () => {
    expect(records.length).toBeGreaterThanOrEqual(29)
  })

  it.each(records)('%s is at most 2,000 words', (file) => {
    expect(words(file)).toBeLessThanOrEqual(MAX_WORDS)
  })

  it.each(records)('%s opens with a title carrying its number', (file) => {
    const first = readFileSync(path.join(DIR, file), 'utf8').split('\n')[0]
    expect(first).toMatch(new RegExp(`^# ${file.slice(0, 4)}\\b`))
  })
})
