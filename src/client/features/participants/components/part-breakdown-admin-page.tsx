import { useId, useState, type ReactNode } from 'react'
import { useParams } from 'react-router'
import { useMutation, useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import { uploadFile, type UploadedFile } from '#client/lib/upload.ts'
import {
  AddEventAttachmentMutation,
  AdminBreakdownEventQuery,
  ImportPartBreakdownCsvMutation,
  RemoveEventAttachmentMutation,
  SetEventNumbersMutation,
  SetPartBreakdownCellMutation,
} from '../graphql/participants.queries.ts'
import { panel } from './page-parts.tsx'
import { PartBreakdownMatrix } from './part-breakdown-matrix.tsx'

const input = 'block w-full rounded-lg border border-slate-400 bg-white px-2 py-1 text-slate-900'

interface Row {
  id: string | null
  label: string
  title: string
}

function typesOf(config: unknown): string[] {
  const types = (config as { applicationTypes?: Record<string, unknown> } | null)?.applicationTypes
  return types && typeof types === 'object' ? Object.keys(types) : []
}

/** `/admin/events/:slug/part-breakdown`: numbers, cells, CSV import and info-pack attachments. */
export function PartBreakdownAdminPage({ notFound }: { notFound: ReactNode }) {
  const { slug = '' } = useParams()
  const query = useQuery({
    query: AdminBreakdownEventQuery,
    variables: { eventSlug: slug },
    requestPolicy: 'cache-and-network',
  })
  const [, reexecute] = query
  const refresh = () => reexecute({ requestPolicy: 'network-only' })
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8">
      <QueryView
        query={query}
        loadingLabel="Loading the part breakdown…"
        what="the part breakdown"
        notFound={notFound}
      >
        {(data) => (
          <>
            <title>{`Part breakdown · ${data.adminEvent.title} · Admin · Stagedoor`}</title>
            <p className="text-sm font-medium text-brand-800">{data.adminEvent.title}</p>
            <h1 className="text-3xl font-extrabold tracking-tight text-brand-950">
              Part breakdown and info pack
            </h1>
            <NumbersEditor
              key={data.partBreakdown.numbers.map((n) => n.id).join()}
              slug={slug}
              numbers={data.partBreakdown.numbers}
              onSaved={refresh}
            />
            <CellsEditor slug={slug} data={data.partBreakdown} onSaved={refresh} />
            <CsvImport slug={slug} parts={data.partBreakdown.parts} onSaved={refresh} />
            <Attachments
              slug={slug}
              types={typesOf(data.adminEvent.eventConfig)}
              attachments={data.eventAttachments}
              onSaved={refresh}
            />
          </>
        )}
      </QueryView>
    </div>
  )
}

function NumbersEditor({ slug, numbers, onSaved }: { slug: string; numbers: Row[]; onSaved: () => void }) {
  const [rows, setRows] = useState<Row[]>(numbers.map((n) => ({ id: n.id, label: n.label, title: n.title })))
  const [result, save] = useMutation(SetEventNumbersMutation)
  const move = (i: number, by: number) =>
    setRows((r) => {
      const next = [...r]
      const [row] = next.splice(i, 1)
      next.splice(i + by, 0, row!)
      return next
    })
  return (
    <section aria-labelledby="numbers-heading" className={panel}>
      <h2 id="numbers-heading" className="text-lg font-bold text-brand-950">
        Numbers
      </h2>
      <ol className="mt-3 space-y-2">
        {rows.map((row, i) => (
          <li key={row.id ?? `new-${i}`} className="flex flex-wrap items-center gap-2">
            <label className="w-20">
              <span className="sr-only">Label of number {i + 1}</span>
              <input
                className={input}
                value={row.label}
                placeholder="No."
                onChange={(e) =>
                  setRows((r) => r.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))
                }
              />
            </label>
            <label className="min-w-40 flex-1">
              <span className="sr-only">Title of number {i + 1}</span>
              <input
                className={input}
                value={row.title}
                placeholder="Title"
                onChange={(e) =>
                  setRows((r) => r.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))
                }
              />
            </label>
            <Button
              type="button"
              variant="secondary"
              disabled={i === 0}
              onClick={() => move(i, -1)}
              aria-label={`Move number ${i + 1} up`}
            >
              ↑
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={i === rows.length - 1}
              onClick={() => move(i, 1)}
              aria-label={`Move number ${i + 1} down`}
            >
              ↓
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => setRows((r) => r.filter((_, j) => j !== i))}
              aria-label={`Remove number ${i + 1}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() => setRows((r) => [...r, { id: null, label: String(r.length + 1), title: '' }])}
        >
          Add a number
        </Button>
        <Button
          type="button"
          disabled={result.fetching}
          onClick={async () => {
            const res = await save({
              eventSlug: slug,
              numbers: rows.map((r) => ({ id: r.id, label: r.label, title: r.title })),
            })
            if (!res.error) onSaved()
          }}
        >
          Save numbers
        </Button>
      </div>
      {result.error ? (
        <p role="alert" className="mt-2 text-red-800">
          {result.error.graphQLErrors[0]?.message ?? 'Could not save.'}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">Removing a number removes its notes and learning tracks.</p>
    </section>
  )
}

function CellsEditor({
  slug,
  data,
  onSaved,
}: {
  slug: string
  data: {
    parts: string[]
    ownPart: string | null
    numbers: { id: string; label: string; title: string }[]
    cells: { numberId: string; part: string; note: string }[]
  }
  onSaved: () => void
}) {
  const [result, setCell] = useMutation(SetPartBreakdownCellMutation)
  const ids = { number: useId(), part: useId(), note: useId() }
  const [numberId, setNumberId] = useState('')
  const [part, setPart] = useState('')
  const [note, setNote] = useState('')
  if (data.parts.length === 0)
    return (
      <p className={`${panel} text-slate-700`}>
        Add the event’s parts in the event config to fill in the breakdown.
      </p>
    )
  return (
    <section aria-labelledby="cells-heading" className={panel}>
      <h2 id="cells-heading" className="text-lg font-bold text-brand-950">
        Notes
      </h2>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-4"
        onSubmit={async (e) => {
          e.preventDefault()
          const res = await setCell({
            eventSlug: slug,
            numberId: numberId || data.numbers[0]?.id || '',
            part: part || data.parts[0]!,
            note,
          })
          if (!res.error) onSaved()
        }}
      >
        <label htmlFor={ids.number} className="font-medium">
          Number
          <select
            id={ids.number}
            className={input}
            value={numberId}
            onChange={(e) => setNumberId(e.target.value)}
          >
            {data.numbers.map((n) => (
              <option key={n.id} value={n.id}>
                {n.label ? `${n.label}. ` : ''}
                {n.title}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.part} className="font-medium">
          Part
          <select id={ids.part} className={input} value={part} onChange={(e) => setPart(e.target.value)}>
            {data.parts.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.note} className="font-medium">
          Note (solo, divisi, tacet…; empty clears)
          <input id={ids.note} className={input} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <div className="self-end">
          <Button type="submit" disabled={result.fetching || data.numbers.length === 0}>
            Set note
          </Button>
        </div>
      </form>
      {result.error ? (
        <p role="alert" className="mt-2 text-red-800">
          {result.error.graphQLErrors[0]?.message ?? 'Could not save.'}
        </p>
      ) : null}
      {data.numbers.length ? (
        <PartBreakdownMatrix data={{ ...data, ownPart: null }} caption="Current part breakdown" />
      ) : null}
    </section>
  )
}

function CsvImport({ slug, parts, onSaved }: { slug: string; parts: string[]; onSaved: () => void }) {
  const [csv, setCsv] = useState('')
  const [result, importCsv] = useMutation(ImportPartBreakdownCsvMutation)
  const [done, setDone] = useState(false)
  const ids = { file: useId(), text: useId() }
  return (
    <section aria-labelledby="csv-heading" className={panel}>
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
        disabled={!csv.trim() || result.fetching}
        onClick={async () => {
          setDone(false)
          const res = await importCsv({ eventSlug: slug, csv })
          if (!res.error) {
            setDone(true)
            onSaved()
          }
        }}
      >
        Import
      </Button>
      {result.error ? (
        <p role="alert" className="mt-2 text-red-800">
          {result.error.graphQLErrors[0]?.message ?? 'Could not import.'}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-2 text-green-800">
          Imported.
        </p>
      ) : null}
    </section>
  )
}

function Attachments({
  slug,
  types,
  attachments,
  onSaved,
}: {
  slug: string
  types: string[]
  attachments: { id: string; applicationType: string | null; title: string; fileName: string; url: string }[]
  onSaved: () => void
}) {
  const auth = useAuthClient()
  const [title, setTitle] = useState('')
  const [type, setType] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [, add] = useMutation(AddEventAttachmentMutation)
  const [, remove] = useMutation(RemoveEventAttachmentMutation)
  const ids = { title: useId(), type: useId(), file: useId() }
  return (
    <section aria-labelledby="attachments-admin-heading" className={panel}>
      <h2 id="attachments-admin-heading" className="text-lg font-bold text-brand-950">
        Info pack attachments
      </h2>
      <ul className="mt-2 divide-y divide-brand-100">
        {attachments.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <a href={a.url} className="font-medium text-brand-800 underline">
                {a.title}
              </a>{' '}
              <span className="text-sm text-slate-600">
                ({a.applicationType ?? 'every type'} · {a.fileName})
              </span>
            </span>
            <Button
              type="button"
              variant="secondary"
              aria-label={`Remove ${a.title}`}
              onClick={async () => {
                const r = await remove({ id: a.id })
                if (!r.error) onSaved()
              }}
            >
              Remove
            </Button>
          </li>
        ))}
        {attachments.length === 0 ? <li className="py-2 text-slate-700">No attachments yet.</li> : null}
      </ul>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-4"
        onSubmit={async (e) => {
          e.preventDefault()
          setError(null)
          if (!file || !title.trim()) return setError('Choose a PDF and give it a title.')
          const token = await auth.getToken()
          if (!token) return setError('Your sign-in has expired. Sign in again.')
          setBusy(true)
          try {
            let stored: UploadedFile
            try {
              stored = await uploadFile(file, 'document', token).promise
            } catch (error) {
              return setError((error as Error).message)
            }
            const added = await add({
              eventSlug: slug,
              applicationType: type || null,
              title: title.trim(),
              fileKey: stored.key,
            })
            if (added.error)
              return setError(added.error.graphQLErrors[0]?.message ?? 'Could not attach the file.')
            setTitle('')
            setFile(null)
            onSaved()
          } finally {
            setBusy(false)
          }
        }}
      >
        <label htmlFor={ids.title} className="font-medium">
          Title
          <input id={ids.title} className={input} value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label htmlFor={ids.type} className="font-medium">
          For
          <select id={ids.type} className={input} value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">Every type</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.file} className="font-medium">
          PDF
          <input
            id={ids.file}
            type="file"
            accept="application/pdf,.pdf"
            className="mt-1 block w-full"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <div className="self-end">
          <Button type="submit" disabled={busy}>
            Upload and attach
          </Button>
        </div>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  )
}
