import { useForm } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { Form, Select, TextInput } from '#client/components/ui/form/index.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { SetPartBreakdownCellMutation } from '../../graphql/participants.queries.ts'
import { PartBreakdownMatrix } from '../part-breakdown-matrix.tsx'

interface CellValues {
  numberId: string
  part: string
  note: string
}

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
  const form = useForm<CellValues>({
    defaultValues: { numberId: data.numbers[0]?.id ?? '', part: data.parts[0] ?? '', note: '' },
  })
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
      <Form
        form={form}
        idPrefix="cell"
        summary={false}
        className="mt-3 grid gap-3 sm:grid-cols-4"
        onSubmit={async ({ numberId, part, note }) => {
          const outcome = await setCell.run({
            eventSlug: slug,
            numberId: numberId || data.numbers[0]?.id || '',
            part: part || data.parts[0]!,
            note,
          })
          if (outcome.ok) onSaved()
        }}
      >
        <Select<CellValues>
          name="numberId"
          label="Number"
          options={data.numbers.map((n) => ({
            value: n.id,
            label: `${n.label ? `${n.label}. ` : ''}${n.title}`,
          }))}
        />
        <Select<CellValues>
          name="part"
          label="Part"
          options={data.parts.map((p) => ({ value: p, label: p }))}
        />
        <TextInput<CellValues> name="note" label="Note (solo, divisi, tacet…; empty clears)" />
        <div className="self-end">
          <Button type="submit" disabled={setCell.fetching || data.numbers.length === 0}>
            Set note
          </Button>
        </div>
      </Form>
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
