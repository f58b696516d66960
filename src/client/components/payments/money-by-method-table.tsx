import { DataTable } from '#client/components/ui/data-table.tsx'
import type { MoneyByMethodFieldsFragment } from '#client/gql/graphql.ts'
import { formatPence } from '#core/money.ts'

interface Row {
  key: string
  label: string
  total: boolean
  receivedPence: number
  refundedPence: number
  netPence: number
}

/**
 * Money by how it came in (issue 28): received, refunded and net for every method (card online,
 * bank transfer, cash, card in person, other), and their total. Amounts always as "£0.00".
 */
export function MoneyByMethodTable({
  money,
  caption = 'By payment method',
  showCaption = true,
}: {
  money: MoneyByMethodFieldsFragment
  caption?: string
  showCaption?: boolean
}) {
  const rows: Row[] = [
    ...money.methods.map((m) => ({ ...m, key: m.method, total: false })),
    { ...money, key: 'total', label: 'Total', total: true },
  ]
  return (
    <DataTable
      caption={caption}
      showCaption={showCaption}
      columns={[
        {
          key: 'method',
          header: 'Method',
          rowHeader: true,
          cell: (m) => (m.total ? <strong>{m.label}</strong> : m.label),
        },
        { key: 'received', header: 'Received', align: 'end', cell: (m) => formatPence(m.receivedPence) },
        { key: 'refunded', header: 'Refunded', align: 'end', cell: (m) => formatPence(m.refundedPence) },
        { key: 'net', header: 'Net (paid)', align: 'end', cell: (m) => formatPence(m.netPence) },
      ]}
      rows={rows}
      rowKey={(m) => m.key}
      density="compact"
      scroll={false}
    />
  )
}
