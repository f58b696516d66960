import type { RefObject } from 'react'
import { formatPence } from '#core/money.ts'
import { voicePartName } from '#core/profiles/profile.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import type { DataColumn } from '#client/components/ui/data-table.tsx'
import { EmailText } from '#client/components/ui/email-text.tsx'
import { StatusBadge } from '#client/components/ui/status-badge.tsx'
import type { AcceptanceOverviewQuery as OverviewData } from '#client/gql/graphql.ts'
import { formatCountdown, formatDate, formatDateTime } from '#client/lib/format.ts'
import { responseLabel, toggleAll, toggleOne, type selectionState } from '../acceptance-logic.ts'

export type Entry = OverviewData['acceptanceOverview']['applications'][number]

export interface ApplicationColumnsInput {
  timeZone: string
  now: Date
  typeLabel: (key: string) => string
  /** The rows of this page, for "Select all shown". */
  pageIds: string[]
  selected: Set<string>
  state: ReturnType<typeof selectionState>
  selectAll: RefObject<HTMLInputElement | null>
  setSelected: (next: Set<string>) => void
  onPay: (entry: Entry) => void
}

/** The Acceptance table's columns: select, who, type, status, parts, score, dates, response, owed, pay. */
export function useApplicationColumns({
  timeZone,
  now,
  typeLabel,
  pageIds,
  selected,
  state,
  selectAll,
  setSelected,
  onPay,
}: ApplicationColumnsInput): DataColumn<Entry>[] {
  return [
    {
      key: 'select',
      header: (
        <input
          ref={selectAll}
          type="checkbox"
          aria-label="Select all shown"
          className="size-4"
          checked={state === 'all'}
          onChange={() => setSelected(toggleAll(pageIds, selected))}
        />
      ),
      cell: (entry) => (
        <input
          type="checkbox"
          className="size-4"
          aria-label={`Select ${entry.applicantName}`}
          checked={selected.has(entry.id)}
          onChange={() => setSelected(toggleOne(entry.id, selected))}
        />
      ),
    },
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      rowHeader: true,
      cell: (entry) => (
        <>
          <span className="block font-semibold text-brand-950">{entry.applicantName}</span>
          <EmailText email={entry.applicantEmail} className="block text-slate-700" />
        </>
      ),
    },
    { key: 'type', header: 'Type', sortable: true, cell: (entry) => typeLabel(entry.applicationType) },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      cell: (entry) => (
        <>
          <StatusBadge status={entry.status} audience="staff" size="sm" announce={false} />
          {entry.status === 'OFFERED' ? (
            <span className="block text-slate-700">
              offered {formatDateTime(entry.statusChangedAt, timeZone)}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'voicePart',
      header: 'Voice part',
      sortable: true,
      cell: (entry) => (entry.voicePart ? voicePartName(entry.voicePart) : '—'),
    },
    { key: 'part', header: 'Part', sortable: true, cell: (entry) => entry.part ?? '—' },
    {
      key: 'score',
      header: 'Score',
      sortable: true,
      align: 'end',
      cell: (entry) => (entry.averageScore === null ? '—' : entry.averageScore.toFixed(1)),
    },
    {
      key: 'date',
      header: 'Applied',
      sortable: true,
      cell: (entry) => formatDate(entry.submittedAt, timeZone),
    },
    { key: 'response', header: 'Response', cell: (entry) => responseLabel(entry, now, formatCountdown) },
    {
      key: 'owed',
      header: 'Owed',
      sortable: true,
      cell: (entry) =>
        entry.owedPence === 0
          ? '—'
          : entry.outstandingPence === 0
            ? 'Paid'
            : `${formatPence(entry.outstandingPence)} of ${formatPence(entry.owedPence)}`,
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      cell: (entry) =>
        entry.canRecordPayment && entry.owedPence > 0 ? (
          <Button variant="secondary" onClick={() => onPay(entry)}>
            Record payment<span className="sr-only"> for {entry.applicantName}</span>
          </Button>
        ) : null,
    },
  ]
}
