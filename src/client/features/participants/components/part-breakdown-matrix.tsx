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

/**
 * Numbers × parts. The first column stays put while the parts scroll sideways (narrow screens); the
 * member's part is marked in words ("your part") as well as by colour.
 */
export function PartBreakdownMatrix({ data, caption }: { data: MatrixData; caption: string }) {
  const note = new Map(data.cells.map((c) => [`${c.numberId}\u0000${c.part}`, c.note]))
  return (
    <div
      className="mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-brand-100"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="min-w-full border-separate border-spacing-0 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 border-b border-brand-100 bg-white px-3 py-2 font-semibold text-brand-950"
            >
              Number
            </th>
            {data.parts.map((part) => {
              const own = part === data.ownPart
              return (
                <th
                  key={part}
                  scope="col"
                  className={`border-b border-brand-100 px-3 py-2 font-semibold whitespace-nowrap ${own ? 'bg-brand-100 text-brand-950' : 'text-brand-950'}`}
                >
                  {part}
                  {own ? <span className="block text-xs font-bold uppercase">Your part</span> : null}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {data.numbers.map((n) => (
            <tr key={n.id}>
              <th
                scope="row"
                className="sticky left-0 z-10 max-w-[11rem] border-b border-brand-50 bg-white px-3 py-2 font-medium text-slate-900"
              >
                {n.label ? <span className="mr-1 text-slate-600">{n.label}.</span> : null}
                {n.title}
              </th>
              {data.parts.map((part) => {
                const value = note.get(`${n.id}\u0000${part}`)
                const own = part === data.ownPart
                return (
                  <td key={part} className={`border-b border-brand-50 px-3 py-2 ${own ? 'bg-brand-50' : ''}`}>
                    {value ? <NoteBadge note={value} /> : <span className="text-slate-700">as written</span>}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
