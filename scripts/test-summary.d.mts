export interface KnownSkip {
  /** Path from the repository root. */
  file: string
  /** The top-level describe whose tests may be skipped. */
  describe: string
  why: string
}
export interface Summary {
  passed: number
  failed: number
  skipped: number
  /** "report.json: file > full test name" for each skip not in the known list. */
  unexpected: string[]
  /** "report.json: file > full test name" for each failed test (or a file that failed to load). */
  failures?: string[]
}
export const KNOWN_SKIPS: KnownSkip[]
export function summarize(dir: string, knownSkips?: KnownSkip[]): Summary
export function report(summary: Summary): string[]
