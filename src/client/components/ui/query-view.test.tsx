import { GraphQLError } from 'graphql'
import { renderToStaticMarkup } from 'react-dom/server'
import { CombinedError, type UseQueryResponse } from 'urql'
import { describe, expect, it } from 'vitest'
import { PageLoadingIndicator } from './page-loading.tsx'
import { QueryView } from './query-view.tsx'

type Data = { events: string[] }

function query(state: { data?: Data; error?: CombinedError; fetching?: boolean }): UseQueryResponse<Data> {
  return [
    {
      fetching: state.fetching ?? false,
      stale: false,
      hasNext: false,
      ...state,
    } as UseQueryResponse<Data>[0],
    () => {},
  ]
}

const render = (response: UseQueryResponse<Data>, notFound?: string) =>
  renderToStaticMarkup(
    <QueryView query={response} loadingLabel="Loading events…" what="the events" notFound={notFound}>
      {(data) => <p>{data.events.join(', ')}</p>}
    </QueryView>,
  )

const failed = (code: string) =>
  new CombinedError({ graphQLErrors: [new GraphQLError('no', { extensions: { code } })] })

describe('QueryView', () => {
  it('renders the data', () => {
    expect(render(query({ data: { events: ['Messiah', 'Formal'] } }))).toBe('<p>Messiah, Formal</p>')
  })

  it('keeps showing data it has while it refreshes', () => {
    expect(render(query({ data: { events: ['Messiah'] }, fetching: true }))).toBe('<p>Messiah</p>')
  })

  it('shows nothing visible while loading starts (PRE_SHOW), but tells assistive technology', () => {
    const html = render(query({ fetching: true }))
    expect(html).toContain('data-loading-phase="PRE_SHOW"')
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('<span class="sr-only">Loading events…</span>')
    expect(html).not.toContain('role="status"')
  })

  it('shows the failure view with the first error’s code', () => {
    const html = render(query({ error: failed('FORBIDDEN') }))
    expect(html).toContain('data-query-failure="FORBIDDEN"')
    expect(html).toContain('Error code: <code')
    expect(html).toContain('>FORBIDDEN</code>')
    expect(html).toContain('Something went wrong loading the events')
    expect(html).toContain('Try again')
  })

  it('shows the not-found view for NOT_FOUND when it has one', () => {
    expect(render(query({ error: failed('NOT_FOUND') }), 'not found!')).toBe('not found!')
    expect(render(query({ error: failed('NOT_FOUND') }))).toContain('data-query-failure="NOT_FOUND"')
  })
})

describe('PageLoadingIndicator', () => {
  it('shows a spinner only in SHOW_LOADING, and nothing once DONE', () => {
    expect(renderToStaticMarkup(<PageLoadingIndicator phase="SHOW_LOADING" label="Loading…" />)).toContain(
      'role="status"',
    )
    expect(renderToStaticMarkup(<PageLoadingIndicator phase="PRE_SHOW" label="Loading…" />)).not.toContain(
      'role="status"',
    )
    expect(renderToStaticMarkup(<PageLoadingIndicator phase="DONE" label="Loading…" />)).toBe('')
  })
})
