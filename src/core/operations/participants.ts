import type { OwedLine } from '../applications/payments.ts'
import type { ApplicationStatus } from '../applications/status.ts'

/** The participants tab: places taken. The pending tab: places offered or waited for. */
export const OPERATIONS_TABS = {
  participants: ['CONFIRMED', 'PAID'],
  pending: ['OFFERED', 'WAITLISTED'],
} as const satisfies Record<string, readonly ApplicationStatus[]>
export type OperationsTab = keyof typeof OPERATIONS_TABS
export const OPERATIONS_TAB_KEYS = ['participants', 'pending'] as const satisfies readonly OperationsTab[]

export const OPERATIONS_STATUSES: readonly ApplicationStatus[] = [
  ...OPERATIONS_TABS.participants,
  ...OPERATIONS_TABS.pending,
]

/** One line of the operations table (and of its CSV export). */
export interface ParticipantRow {
  applicationId: string
  userId: string
  name: string
  email: string
  applicationType: string
  typeLabel: string
  part: string | null
  status: ApplicationStatus
  owedPence: number
  paidPence: number
  outstandingPence: number
  /** Something is outstanding on a line whose due date has passed. */
  overdue: boolean
  dietary: string
  access: string
  /** Each payment line of the member's type with what is paid (empty unless CONFIRMED or PAID). */
  ledger: OwedLine[]
}

export const PARTICIPANT_SORT_KEYS = ['name', 'type', 'part', 'status', 'outstanding'] as const
export type ParticipantSortKey = (typeof PARTICIPANT_SORT_KEYS)[number]

export interface ParticipantFilter {
  tab: OperationsTab
  status?: ApplicationStatus | null
  part?: string | null
  type?: string | null
  search?: string | null
  sort?: ParticipantSortKey | null
  descending?: boolean | null
}

const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true })

/** What filtering and sorting read of a row. */
export type FilterableParticipant = Pick<
  ParticipantRow,
  | 'name'
  | 'email'
  | 'part'
  | 'dietary'
  | 'access'
  | 'status'
  | 'applicationType'
  | 'typeLabel'
  | 'outstandingPence'
>

function sortValue(row: FilterableParticipant, key: ParticipantSortKey): string | number {
  switch (key) {
    case 'name':
      return row.name
    case 'type':
      return row.typeLabel
    case 'part':
      return row.part ?? ''
    case 'status':
      return OPERATIONS_STATUSES.indexOf(row.status)
    case 'outstanding':
      return row.outstandingPence
  }
}

/**
 * The rows a filter shows, in its order: the table and the CSV export both call this, so the file
 * holds exactly the table's rows. Search matches name, email, part and needs, case-insensitively.
 */
export function filterParticipants<R extends FilterableParticipant>(
  rows: readonly R[],
  filter: ParticipantFilter,
): R[] {
  const tab: readonly string[] = OPERATIONS_TABS[filter.tab]
  const needle = (filter.search ?? '').trim().toLocaleLowerCase('en-GB')
  const key = filter.sort ?? 'name'
  const sign = filter.descending ? -1 : 1
  return rows
    .filter((r) => tab.includes(r.status))
    .filter((r) => !filter.status || r.status === filter.status)
    .filter((r) => !filter.part || (r.part ?? '') === filter.part)
    .filter((r) => !filter.type || r.applicationType === filter.type)
    .filter(
      (r) =>
        !needle ||
        [r.name, r.email, r.part ?? '', r.dietary, r.access].some((v) =>
          v.toLocaleLowerCase('en-GB').includes(needle),
        ),
    )
    .sort((a, b) => {
      const x = sortValue(a, key)
      const y = sortValue(b, key)
      const order =
        typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y))
      return sign * order || collator.compare(a.name, b.name)
    })
}

/** The table's columns, in order; the CSV has the same header and cells. */
export const PARTICIPANT_COLUMNS = [
  'Name',
  'Email',
  'Type',
  'Part',
  'Status',
  'Owed',
  'Paid',
  'Outstanding',
  'Dietary requirements',
  'Access needs',
] as const

/** A row as the table and the CSV print it (money in pounds with two decimals, no currency sign). */
export function participantCells(
  row: ParticipantRow,
  statusText: (s: ApplicationStatus) => string,
): string[] {
  const pounds = (pence: number) => (pence / 100).toFixed(2)
  return [
    row.name,
    row.email,
    row.typeLabel,
    row.part ?? '',
    statusText(row.status),
    pounds(row.owedPence),
    pounds(row.paidPence),
    pounds(row.outstandingPence),
    row.dietary,
    row.access,
  ]
}

export interface MoneyTotals {
  key: string
  label: string
  owedPence: number
  paidPence: number
  outstandingPence: number
}

/** Owed, paid and outstanding summed per application type over the participants tab. */
export function moneyByType(rows: readonly ParticipantRow[]): MoneyTotals[] {
  const totals = new Map<string, MoneyTotals>()
  for (const r of rows) {
    if (!(OPERATIONS_TABS.participants as readonly string[]).includes(r.status)) continue
    const t = totals.get(r.applicationType) ?? {
      key: r.applicationType,
      label: r.typeLabel,
      owedPence: 0,
      paidPence: 0,
      outstandingPence: 0,
    }
    t.owedPence += r.owedPence
    t.paidPence += r.paidPence
    t.outstandingPence += r.outstandingPence
    totals.set(r.applicationType, t)
  }
  return [...totals.values()].sort((a, b) => collator.compare(a.label, b.label))
}
