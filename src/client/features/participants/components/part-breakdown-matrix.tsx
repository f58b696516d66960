import { DataTable, type DataColumn } from '#client/components/ui/data-table.tsx'
export interface MatrixData {
  parts: string[]
  ownPart: string | null
  numbers: { id: string; label: string; title: string }[]
  cells: { numberId: string; part: string; note: string }[]
}

const BADGE: Record<string, string> = {
  solo: 'bg-amber-100 text-amber-950 ring-amber-300',
  divisi: 'bg-sky-100 text-sky-950 ring-sky-300',
  tacet: 'bg-slate-200 text-slate-900 ring-slate-400',
}

/** A note as a badge: solo, divisi and tacet get their own colour, the word always shows. */
export function NoteBadge({ note }: { note: string }) {
  const tone = BADGE[note.trim().toLowerCase()] ?? 'bg-brand-50 text-brand-950 ring-brand-200'
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tone}`}>
      {note}
    </span>
  )
}

type MatrixNumber = MatrixData['numbers'][number]

/**
 * Numbers × parts. The first column stays put while the parts scroll sideways (narrow screens); the
 * member's part is marked in words ("your part") as well as by colour.
 */
export function PartBreakdownMatrix({ data, caption }: { data: MatrixData; caption: string }) {
  const note = new Map(data.cells.map((c) => [`${c.numberId}\u0000${c.part}`, c.note]))
  const columns: DataColumn<MatrixNumber>[] = [
    {
      key: 'number',
      header: 'Number',
      rowHeader: true,
      headerClassName: 'sticky left-0 z-10 bg-brand-50 text-brand-950',
      className: 'sticky left-0 z-10 max-w-[11rem] bg-white font-medium text-slate-900',
      cell: (n) => (
        <>
          {n.label ? <span className="mr-1 text-slate-600">{n.label}.</span> : null}
          {n.title}
        </>
      ),
    },
    ...data.parts.map((part): DataColumn<MatrixNumber> => {
      const own = part === data.ownPart
      return {
        key: `part:${part}`,
        header: (
          <>
            {part}
            {own ? <span className="block text-xs font-bold uppercase">Your part</span> : null}
          </>
        ),
        headerClassName: `whitespace-nowrap text-brand-950 ${own ? 'bg-brand-100' : ''}`,
        className: own ? 'bg-brand-50' : '',
        cell: (n) => {
          const value = note.get(`${n.id}\u0000${part}`)
          return value ? <NoteBadge note={value} /> : <span className="text-slate-700">as written</span>
        },
      }
    }),
  ]
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={data.numbers}
      rowKey={(n) => n.id}
      frameClassName="mt-6"
      density="compact"
    />
  )
}
