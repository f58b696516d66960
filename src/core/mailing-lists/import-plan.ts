import Papa from 'papaparse'
import type { SubscriberStatus } from './mailing-list.ts'
import { emailSchema, subscriberNameSchema, SUBSCRIBER_STATUSES } from './mailing-list.ts'

/** The CSV columns, in order, for export and import (import also accepts the first two alone). */
export const CSV_COLUMNS = ['email', 'name', 'status', 'source', 'created_at', 'confirmed_at'] as const

export interface ImportRow {
  /** 1-based line of the file (the header is line 1). */
  line: number
  email: string
  name: string
  status: SubscriberStatus
}

export interface RowProblem {
  line: number
  message: string
}

export interface ExistingSubscriber {
  email: string
  name: string
  status: SubscriberStatus
}

export const IMPORT_ACTIONS = ['add', 'update', 'unchanged', 'keep-unsubscribed'] as const
export type ImportAction = (typeof IMPORT_ACTIONS)[number]

export interface ImportChange {
  line: number
  email: string
  name: string
  action: ImportAction
  /** The status after the import. */
  status: SubscriberStatus
}

export interface ImportPlan {
  changes: ImportChange[]
  problems: RowProblem[]
  counts: Record<ImportAction, number>
}

/**
 * Read a subscriber CSV: a header row naming at least `email`; `name` and `status` are optional.
 * Every bad row is reported by its line; an empty status means subscribed.
 */
export function parseSubscriberCsv(text: string): { rows: ImportRow[]; problems: RowProblem[] } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  })
  const problems: RowProblem[] = []
  const rows: ImportRow[] = []
  if (!parsed.meta.fields?.includes('email')) {
    return {
      rows,
      problems: [{ line: 1, message: 'The first row must name the columns, with one called "email".' }],
    }
  }
  const seen = new Map<string, number>()
  parsed.data.forEach((record, index) => {
    const line = index + 2
    const email = emailSchema.safeParse(record.email ?? '')
    if (!email.success) {
      problems.push({ line, message: `"${(record.email ?? '').trim()}" is not a valid email address.` })
      return
    }
    const rawStatus = (record.status ?? '').trim().toLowerCase() || 'subscribed'
    if (!(SUBSCRIBER_STATUSES as readonly string[]).includes(rawStatus)) {
      problems.push({
        line,
        message: `"${rawStatus}" is not a status (use ${SUBSCRIBER_STATUSES.join(', ')}).`,
      })
      return
    }
    const name = subscriberNameSchema.safeParse(record.name ?? '')
    if (!name.success) {
      problems.push({ line, message: 'The name is longer than 120 characters.' })
      return
    }
    const earlier = seen.get(email.data)
    if (earlier) {
      problems.push({ line, message: `${email.data} is already on line ${String(earlier)}.` })
      return
    }
    seen.set(email.data, line)
    rows.push({ line, email: email.data, name: name.data, status: rawStatus as SubscriberStatus })
  })
  for (const error of parsed.errors) {
    if (error.row !== undefined) problems.push({ line: error.row + 2, message: error.message })
  }
  problems.sort((a, b) => a.line - b.line)
  return { rows, problems }
}

/**
 * What importing `rows` into a list holding `existing` would change. An address that unsubscribed is
 * never re-subscribed by an import; otherwise the file's name and status win.
 */
export function planImport(rows: ImportRow[], existing: ExistingSubscriber[]): ImportChange[] {
  const byEmail = new Map(existing.map((s) => [s.email, s]))
  return rows.map((row) => {
    const current = byEmail.get(row.email)
    if (!current)
      return { line: row.line, email: row.email, name: row.name, action: 'add', status: row.status }
    if (current.status === 'unsubscribed' && row.status !== 'unsubscribed') {
      return {
        line: row.line,
        email: row.email,
        name: row.name || current.name,
        action: 'keep-unsubscribed',
        status: 'unsubscribed',
      }
    }
    const name = row.name || current.name
    const same = current.status === row.status && current.name === name
    return {
      line: row.line,
      email: row.email,
      name,
      action: same ? 'unchanged' : 'update',
      status: row.status,
    }
  })
}

export function importPlan(text: string, existing: ExistingSubscriber[]): ImportPlan {
  const { rows, problems } = parseSubscriberCsv(text)
  const changes = problems.length ? [] : planImport(rows, existing)
  const counts: Record<ImportAction, number> = { add: 0, update: 0, unchanged: 0, 'keep-unsubscribed': 0 }
  for (const c of changes) counts[c.action] += 1
  return { changes, problems, counts }
}
