import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { ImportPartBreakdownCsvMutation } from '../../graphql/participants.queries.ts'
import { input } from './field.ts'

/** Replace the whole breakdown from a CSV file or pasted text. */
export function CsvImport({ slug, parts, onSaved }: { slug: string; parts: string[]; onSaved: () => void }) {
  const [csv, setCsv] = useState('')
  const importCsv = useAppMutation(ImportPartBreakdownCsvMutation, {
    report: 'inline',
    fallback: 'Could not import.',
  })
  const [done, setDone] = useState(false)
  const ids = { file: useId(), text: useId() }
  return (
    <Panel as="section" aria-labelledby="csv-heading" className="mt-6">
      <h2 id="csv-heading" className="text-lg font-bold text-brand-950">
        Import a CSV
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Header: <code className="break-all">number,title,{parts.join(',') || '<part>,…'}</code>. The import
        replaces the whole breakdown; a file with unknown parts changes nothing.
      </p>
      <label htmlFor={ids.file} className="mt-3 block font-medium">
        CSV file
        <input
          id={ids.file}
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block w-full"
          onChange={async (e) => setCsv((await e.target.files?.[0]?.text()) ?? '')}
        />
      </label>
      <label htmlFor={ids.text} className="mt-3 block font-medium">
        Or paste it
        <textarea
          id={ids.text}
          rows={5}
          className={`${input} font-mono`}
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
        />
      </label>
      <Button
        type="button"
        className="mt-3"
        disabled={!csv.trim() || importCsv.fetching}
        onClick={async () => {
          setDone(false)
          const outcome = await importCsv.run({ eventSlug: slug, csv })
          if (outcome.ok) {
            setDone(true)
            onSaved()
          }
        }}
      >
        Import
      </Button>
      {importCsv.message ? (
        <p role="alert" className="mt-2 text-red-800">
          {importCsv.message}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-2 text-green-800">
          Imported.
        </p>
      ) : null}
    </Panel>
  )
}
