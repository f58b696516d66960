import { useState } from 'react'
import { useClient } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import type { ImportMailingListSubscribersMutation } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { ImportSubscribersMutation, MailingListExportQuery } from '../graphql/mailing-lists.query.ts'

type Plan = ImportMailingListSubscribersMutation['importMailingListSubscribers']

/** CSV import (a dry run first, then import) and export of a list's subscribers. */
export function ImportExportPanel({ slug }: { slug: string }) {
  const client = useClient()
  const [csv, setCsv] = useState<string | null>(null)
  const [fileName, setFileName] = useState('')
  const [plan, setPlan] = useState<Plan | null>(null)
  const [exporting, setExporting] = useState(false)
  const importing = useAppMutation(ImportSubscribersMutation, { report: 'inline' })

  async function dryRun(text: string) {
    const outcome = await importing.run({ slug, csv: text, dryRun: true })
    setPlan(outcome.ok ? outcome.data.importMailingListSubscribers : null)
  }

  async function doImport() {
    if (!csv) return
    const outcome = await importing.run(
      { slug, csv, dryRun: false },
      {
        success: (d) =>
          `Imported: ${String(d.importMailingListSubscribers.added)} added, ${String(d.importMailingListSubscribers.updated)} updated.`,
      },
    )
    if (outcome.ok) {
      setPlan(null)
      setCsv(null)
      setFileName('')
    }
  }

  async function doExport() {
    setExporting(true)
    const result = await client
      .query(MailingListExportQuery, { slug }, { requestPolicy: 'network-only' })
      .toPromise()
    setExporting(false)
    const text = result.data?.mailingListExport
    if (text === undefined) return
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
    const a = document.createElement('a')
    a.href = url
    a.download = `${slug}-subscribers.csv`
    a.click()
    URL.revokeObjectURL(url)
  }

  return (
    <Panel as="section" aria-labelledby="import-title" className="mt-6">
      <h2 id="import-title" className="text-lg font-bold text-brand-950">
        Import and export
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        CSV with a header row: email, and optionally name and status. Addresses that unsubscribed stay
        unsubscribed.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label className="max-w-full min-w-0 text-sm font-semibold text-slate-900">
          CSV file to import
          <input
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block max-w-full text-sm"
            onChange={async (e) => {
              const file = e.target.files?.[0]
              if (!file) return
              const text = await file.text()
              setCsv(text)
              setFileName(file.name)
              await dryRun(text)
            }}
          />
        </label>
        <Button variant="secondary" onClick={doExport} pending={exporting}>
          Export CSV
        </Button>
      </div>
      {importing.message ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {importing.message}
        </p>
      ) : null}
      {plan ? (
        <div className="mt-4" role="status">
          {plan.problems.length > 0 ? (
            <>
              <p className="font-semibold text-red-800">
                {fileName} has {plan.problems.length} bad row{plan.problems.length === 1 ? '' : 's'}; nothing
                will be imported until they are fixed:
              </p>
              <ul className="mt-2 list-disc pl-6 text-sm text-red-800">
                {plan.problems.map((p) => (
                  <li key={`${String(p.line)}-${p.message}`}>
                    Line {p.line}: {p.message}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <>
              <p className="text-sm text-slate-800">
                Dry run of {fileName}: {plan.added} to add, {plan.updated} to update, {plan.unchanged}{' '}
                unchanged, {plan.keptUnsubscribed} kept unsubscribed.
              </p>
              <Button className="mt-3" onClick={doImport} pending={importing.fetching}>
                Import {fileName}
              </Button>
            </>
          )}
        </div>
      ) : null}
    </Panel>
  )
}
