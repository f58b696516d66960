import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DataTable, type DataColumn } from './data-table.tsx'
import { EmailText } from './email-text.tsx'
import { Panel } from './panel.tsx'
import { sortRows } from './sort-rows.ts'

interface Person {
  id: string
  name: string
  score: number | null
}

const PEOPLE: Person[] = [
  { id: 'a', name: 'Zoë', score: 3 },
  { id: 'b', name: 'adam', score: null },
  { id: 'c', name: 'Beth', score: 5 },
  { id: 'd', name: 'Cal', score: 3 },
]

const COLUMNS: DataColumn<Person>[] = [
  { key: 'name', header: 'Name', rowHeader: true, sortable: true, cell: (p) => p.name },
  { key: 'score', header: 'Score', sortable: true, align: 'end', cell: (p) => p.score ?? '—' },
  { key: 'actions', header: 'Actions', hideHeader: true, cell: () => <button type="button">Edit</button> },
]

const render = (props: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) =>
  renderToStaticMarkup(
    <DataTable caption="People" columns={COLUMNS} rows={PEOPLE} rowKey={(p) => p.id} {...props} />,
  )

describe('DataTable', () => {
  it('has a caption naming its scrolling frame, column headers with scope, and row headers', () => {
    const html = render()
    const captionId = /<caption id="([^"]+)"/.exec(html)?.[1]
    expect(captionId).toBeTruthy()
    expect(html).toContain(`role="region" aria-labelledby="${captionId}" tabindex="0"`)
    expect(html.match(/<th scope="col"/g)).toHaveLength(3)
    expect(html.match(/<th scope="row"/g)).toHaveLength(4)
    expect(html).toContain('<span class="sr-only">Actions</span>')
  })

  it('offers sort buttons only when the page can sort, and marks the sorted column', () => {
    expect(render()).not.toContain('<button type="button" class="-mx-1')
    expect(render()).not.toContain('aria-sort')
    const html = render({ sort: { key: 'score', direction: 'descending' }, onSortChange: () => {} })
    expect(html.match(/aria-sort="descending"/g)).toHaveLength(1)
    expect(html.match(/<th scope="col"[^>]*><button/g)).toHaveLength(2)
  })

  it('numbers the rows of a window of a longer list', () => {
    const html = render({
      rows: PEOPLE.slice(1, 3),
      window: { totalRows: 40, firstIndex: 10, paddingTop: 570, paddingBottom: 1000 },
    })
    expect(html).toContain('aria-rowcount="41"')
    expect(html).toContain('aria-rowindex="12"')
    expect(html).toContain('aria-rowindex="13"')
    expect(html).toContain('height:570px')
  })
})

describe('sortRows', () => {
  const by = { name: (p: Person) => p.name, score: (p: Person) => p.score }
  it('keeps the order given when nothing is asked', () => {
    expect(sortRows(PEOPLE, null, by).map((p) => p.id)).toEqual(['a', 'b', 'c', 'd'])
  })
  it('sorts words regardless of case and accents', () => {
    expect(sortRows(PEOPLE, { key: 'name', direction: 'ascending' }, by).map((p) => p.name)).toEqual([
      'adam',
      'Beth',
      'Cal',
      'Zoë',
    ])
  })
  it('puts blanks last in both directions and keeps ties in the order given', () => {
    expect(sortRows(PEOPLE, { key: 'score', direction: 'ascending' }, by).map((p) => p.id)).toEqual([
      'a',
      'd',
      'c',
      'b',
    ])
    expect(sortRows(PEOPLE, { key: 'score', direction: 'descending' }, by).map((p) => p.id)).toEqual([
      'c',
      'a',
      'd',
      'b',
    ])
  })
})

describe('Panel', () => {
  it('is the element asked for, with the panel look and the attributes given', () => {
    const html = renderToStaticMarkup(
      <Panel as="section" aria-labelledby="h" className="mt-4">
        x
      </Panel>,
    )
    expect(html).toBe(
      '<section aria-labelledby="h" class="rounded-2xl bg-white shadow-sm ring-1 ring-brand-100 p-5 sm:p-6 mt-4">x</section>',
    )
  })

  it('names each value by its column for the cards a narrow box shows, but not the row header or a hidden header', () => {
    const html = render()
    expect(html.match(/<td data-label="Score"/g)).toHaveLength(4)
    expect(html).not.toContain('data-label="Name"')
    expect(html).not.toContain('data-label="Actions"')
    // Until it is measured the table is a table: the cards' class comes only with a box too narrow.
    expect(html).not.toContain('table-cards')
    // Plain column names hide from the cards' header bar; sort buttons stay in it.
    expect(html.match(/<th scope="col" data-plain=""/g)).toHaveLength(3)
    const sortable = render({ sort: null, onSortChange: () => {} })
    expect(sortable.match(/<th scope="col" data-plain=""/g)).toHaveLength(1)
  })
})

describe('EmailText', () => {
  it('may wrap after the @ and before each dot, and reads as the address', () => {
    const html = renderToStaticMarkup(<EmailText email="ben.chen42@members.stagedoor.test" />)
    expect(html).toBe('<span class="">ben<wbr/>.chen42@<wbr/>members<wbr/>.stagedoor<wbr/>.test</span>')
  })
})
