import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { SetPartBreakdownCellMutation } from '../../graphql/participants.queries.ts'
import { PartBreakdownMatrix } from '../part-breakdown-matrix.tsx'
import { input } from './field.ts'

/** One note of the breakdown at a time (number × part), with the whole breakdown below. */
export function CellsEditor({
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
  const setCell = useAppMutation(SetPartBreakdownCellMutation, {
    report: 'inline',
    fallback: 'Could not save.',
  })
  const ids = { number: useId(), part: useId(), note: useId() }
  const [numberId, setNumberId] = useState('')
  const [part, setPart] = useState('')
  const [note, setNote] = useState('')
  if (data.parts.length === 0)
    return (
      <Panel as="p" className="mt-6 text-slate-700">
        Add the event’s parts in the event config to fill in the breakdown.
      </Panel>
    )
  return (
    <Panel as="section" aria-labelledby="cells-heading" className="mt-6">
      <h2 id="cells-heading" className="text-lg font-bold text-brand-950">
        Notes
      </h2>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-4"
        onSubmit={async (e) => {
          e.preventDefault()
          const outcome = await setCell.run({
            eventSlug: slug,
            numberId: numberId || data.numbers[0]?.id || '',
            part: part || data.parts[0]!,
            note,
          })
          if (outcome.ok) onSaved()
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
          <Button type="submit" disabled={setCell.fetching || data.numbers.length === 0}>
            Set note
          </Button>
        </div>
      </form>
      {setCell.message ? (
        <p role="alert" className="mt-2 text-red-800">
          {setCell.message}
        </p>
      ) : null}
      {data.numbers.length ? (
        <PartBreakdownMatrix data={{ ...data, ownPart: null }} caption="Current part breakdown" />
      ) : null}
    </Panel>
  )
}
