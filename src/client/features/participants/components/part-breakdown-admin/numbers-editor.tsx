import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { SetEventNumbersMutation } from '../../graphql/participants.queries.ts'
import { input } from './field.ts'

interface Row {
  id: string | null
  label: string
  title: string
}

/** The event's numbers: label, title and order; removing one removes its notes and tracks. */
export function NumbersEditor({
  slug,
  numbers,
  onSaved,
}: {
  slug: string
  numbers: Row[]
  onSaved: () => void
}) {
  const [rows, setRows] = useState<Row[]>(numbers.map((n) => ({ id: n.id, label: n.label, title: n.title })))
  const save = useAppMutation(SetEventNumbersMutation, { report: 'inline', fallback: 'Could not save.' })
  const move = (i: number, by: number) =>
    setRows((r) => {
      const next = [...r]
      const [row] = next.splice(i, 1)
      next.splice(i + by, 0, row!)
      return next
    })
  return (
    <Panel as="section" aria-labelledby="numbers-heading" className="mt-6">
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
          disabled={save.fetching}
          onClick={async () => {
            const outcome = await save.run({
              eventSlug: slug,
              numbers: rows.map((r) => ({ id: r.id, label: r.label, title: r.title })),
            })
            if (outcome.ok) onSaved()
          }}
        >
          Save numbers
        </Button>
      </div>
      {save.message ? (
        <p role="alert" className="mt-2 text-red-800">
          {save.message}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">Removing a number removes its notes and learning tracks.</p>
    </Panel>
  )
}
