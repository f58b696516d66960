import { useState } from 'react'
import toast from 'react-hot-toast'
import { useQuery } from 'urql'
import { formatPence } from '#core/money.ts'
import { Button } from '#client/components/ui/button.tsx'
import { DataTable } from '#client/components/ui/data-table.tsx'
import { MoneyByMethodTable } from '#client/components/payments/money-by-method-table.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import type { OperationsOverviewQuery } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { ChasePreviewQuery, SendChaseMutation } from '../graphql/operations.query.ts'

type Overview = OperationsOverviewQuery['operationsOverview']

/** Owed, paid and outstanding per type and per line, money by method; the payment reminder ("chase"). */
export function MoneyPanel({ overview, refresh }: { overview: Overview; refresh: () => void }) {
  const [chasing, setChasing] = useState(false)
  return (
    <section aria-labelledby="money-heading" className="space-y-6">
      <h2 id="money-heading" className="sr-only">
        Money
      </h2>
      <DataTable
        caption="By application type"
        showCaption
        columns={[
          { key: 'label', header: 'Type', rowHeader: true, cell: (t) => t.label },
          { key: 'owed', header: 'Owed', align: 'end', cell: (t) => formatPence(t.owedPence) },
          { key: 'paid', header: 'Paid', align: 'end', cell: (t) => formatPence(t.paidPence) },
          { key: 'out', header: 'Outstanding', align: 'end', cell: (t) => formatPence(t.outstandingPence) },
        ]}
        rows={overview.moneyByType}
        rowKey={(t) => t.key}
        density="compact"
      />
      <DataTable
        caption="By payment line"
        showCaption
        columns={[
          { key: 'label', header: 'Line', rowHeader: true, cell: (l) => `${l.typeLabel}: ${l.label}` },
          { key: 'due', header: 'Due', cell: (l) => l.dueDate ?? 'No deadline' },
          { key: 'owed', header: 'Owed', align: 'end', cell: (l) => formatPence(l.owedPence) },
          { key: 'paid', header: 'Paid', align: 'end', cell: (l) => formatPence(l.paidPence) },
          { key: 'out', header: 'Outstanding', align: 'end', cell: (l) => formatPence(l.outstandingPence) },
          {
            key: 'overdue',
            header: 'Overdue',
            align: 'end',
            cell: (l) =>
              l.overdueCount ? <span className="font-semibold text-red-800">{l.overdueCount}</span> : '0',
          },
        ]}
        rows={overview.moneyByLine}
        rowKey={(l) => `${l.applicationType}/${l.key}`}
        density="compact"
      />
      <MoneyByMethodTable
        money={overview.moneyByMethod}
        caption="Received by payment method (every application, withdrawn ones too)"
      />
      <div>
        <Button onClick={() => setChasing(true)}>Chase outstanding payments…</Button>
      </div>
      {chasing ? (
        <ChaseDialog
          eventSlug={overview.eventSlug}
          onClose={() => setChasing(false)}
          onSent={() => {
            setChasing(false)
            refresh()
          }}
        />
      ) : null}
    </section>
  )
}

function ChaseDialog({
  eventSlug,
  onClose,
  onSent,
}: {
  eventSlug: string
  onClose: () => void
  onSent: () => void
}) {
  const [query] = useQuery({
    query: ChasePreviewQuery,
    variables: { eventSlug },
    requestPolicy: 'network-only',
  })
  const send = useAppMutation(SendChaseMutation, { report: 'inline' })
  const preview = query.data?.chasePreview
  const due = preview?.recipients.filter((r) => r.canChaseNow) ?? []
  async function doSend() {
    const outcome = await send.run({ eventSlug })
    if (outcome.ok) {
      toast.success(`Reminder sent to ${outcome.data.sendChase.length} member(s).`)
      onSent()
    }
  }
  return (
    <Dialog title="Chase outstanding payments" onClose={onClose} wide>
      {!preview ? <p>Loading the preview…</p> : null}
      {preview ? (
        <div className="space-y-4">
          <div className="rounded-lg bg-brand-50 p-3 ring-1 ring-brand-100">
            <p className="font-semibold">Subject: {preview.subject}</p>
            <pre className="mt-2 text-sm whitespace-pre-wrap">{preview.text}</pre>
          </div>
          <ul className="text-sm">
            {preview.recipients.map((r) => (
              <li key={r.userId}>
                {r.name}: {formatPence(r.outstandingPence)}{' '}
                {r.canChaseNow ? '' : `(reminded in the last day; next ${formatDateTime(r.nextChaseAt)})`}
              </li>
            ))}
          </ul>
          {send.message ? (
            <p role="alert" className="text-red-800">
              {send.message}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void doSend()} pending={send.fetching} disabled={!due.length}>
              Send to {due.length} member{due.length === 1 ? '' : 's'}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  )
}
