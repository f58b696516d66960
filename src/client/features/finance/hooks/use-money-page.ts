import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useClient, useQuery } from 'urql'
import { zodResolver } from '#client/components/ui/form/index.ts'
import { moneyRangeSchema, type MoneyRange } from '#core/payments/money-range.schemas.ts'
import { MoneyInRangeQuery, MoneyReceivedCsvQuery, PayoutsCsvQuery } from '../graphql/finance.queries.ts'

/** Today as YYYY-MM-DD on these clocks (the society's, once known). */
export function todayIn(timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())
}

/** This month so far: the range the page opens with. */
export function thisMonth(timeZone?: string): MoneyRange {
  const today = todayIn(timeZone)
  return { from: `${today.slice(0, 8)}01`, to: today }
}

export type ExportKind = 'payouts' | 'received'

/** The Money page's range form, the figures of the range shown, and its two CSV downloads. */
export function useMoneyPage(timeZone?: string) {
  const [range, setRange] = useState<MoneyRange>(() => thisMonth(timeZone))
  const form = useForm<MoneyRange>({
    defaultValues: range,
    resolver: zodResolver<MoneyRange>(moneyRangeSchema),
  })
  const [query] = useQuery({ query: MoneyInRangeQuery, variables: range, requestPolicy: 'cache-and-network' })
  const client = useClient()
  const [exporting, setExporting] = useState<ExportKind | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  async function download(kind: ExportKind) {
    setProblem(null)
    setExporting(kind)
    const result =
      kind === 'payouts'
        ? await client.query(PayoutsCsvQuery, range, { requestPolicy: 'network-only' }).toPromise()
        : await client.query(MoneyReceivedCsvQuery, range, { requestPolicy: 'network-only' }).toPromise()
    setExporting(null)
    const data = result.data as { payoutsCsv?: string; moneyReceivedCsv?: string } | undefined
    const text = kind === 'payouts' ? data?.payoutsCsv : data?.moneyReceivedCsv
    if (text === undefined) {
      setProblem(result.error?.graphQLErrors[0]?.message ?? 'The export failed. Try again.')
      return
    }
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
    const a = document.createElement('a')
    a.href = url
    a.download = `${kind === 'payouts' ? 'card-payouts' : 'money-received'}-${range.from}-to-${range.to}.csv`
    document.body.append(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  return { form, range, show: (values: MoneyRange) => setRange(values), query, download, exporting, problem }
}
