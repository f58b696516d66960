import { useCallback, useEffect, useState } from 'react'
import { useClient, type CombinedError } from 'urql'
import type { CastingApplicationsQuery as ListData } from '#client/gql/graphql.ts'
import { displayName } from '../casting-format.ts'
import { CASTING_PAGE_SIZE, queryArgs, type CastingView } from '../casting-url.ts'
import { CastingApplicationsQuery } from '../graphql/casting.query.ts'
import { useApplicationChanges } from './use-application-changes.ts'

type Page = ListData['castingApplications']
export type CastingRow = Page['nodes'][number]
export type CastingMeta = Omit<Page, 'nodes' | 'pageInfo'>

/** How long a row changed by another admin stays highlighted. */
const HIGHLIGHT_MS = 6000

interface ListState {
  key: string
  rows: CastingRow[]
  meta: CastingMeta | null
  hasNextPage: boolean
  endCursor: string | null
  loading: boolean
  error: CombinedError | null
}

const emptyState = (key: string): ListState => ({
  key,
  rows: [],
  meta: null,
  hasNextPage: false,
  endCursor: null,
  loading: true,
  error: null,
})

/**
 * The casting list of one view (`key` names it: event and query string), loaded a page at a time on
 * the server's filter and sort. Changes other admins make update their row in place, highlighted
 * for a few seconds, and are announced.
 */
export function useCastingList(eventSlug: string, view: CastingView, key: string) {
  const client = useClient()
  const [state, setState] = useState<ListState>(() => emptyState(key))

  const load = useCallback(
    async (after: string | null) => {
      const requested = key
      setState((s) => (s.key === requested ? { ...s, loading: true, error: null } : emptyState(requested)))
      const result = await client
        .query(
          CastingApplicationsQuery,
          { eventSlug, ...queryArgs(view), first: CASTING_PAGE_SIZE, after },
          { requestPolicy: 'network-only' },
        )
        .toPromise()
      const page = result.data?.castingApplications
      setState((s) => {
        // An answer for a view the admin has since left.
        if (s.key !== requested) return s
        if (result.error || !page) return { ...s, loading: false, error: result.error ?? null }
        const seen = new Set(after ? s.rows.map((r) => r.id) : [])
        const { nodes, pageInfo, ...meta } = page
        return {
          key: requested,
          rows: [...(after ? s.rows : []), ...nodes.filter((n) => !seen.has(n.id))],
          meta,
          hasNextPage: pageInfo.hasNextPage,
          endCursor: pageInfo.endCursor ?? null,
          loading: false,
          error: null,
        }
      })
    },
    [client, eventSlug, key, view],
  )

  useEffect(() => {
    // NOTE: a fetch started by the view: marking the list as loading is part of starting it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load(null)
    // `key` captures everything `load` depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  // Live: another admin changed an application: update its row in place and highlight it.
  const [highlighted, setHighlighted] = useState<Record<string, number>>({})
  const [liveMessage, setLiveMessage] = useState('')
  useApplicationChanges(eventSlug, (change) => {
    const next = change.application
    if (!next) return
    setState((s) => {
      const index = s.rows.findIndex((r) => r.id === change.applicationId)
      if (index < 0) return s
      const rows = [...s.rows]
      rows[index] = next
      return { ...s, rows }
    })
    setHighlighted((h) => ({ ...h, [change.applicationId]: Date.now() }))
    setLiveMessage(`${displayName(next)} was just updated by another admin.`)
  })
  useEffect(() => {
    const ids = Object.keys(highlighted)
    if (!ids.length) return
    const timer = setTimeout(() => {
      const now = Date.now()
      setHighlighted((h) => Object.fromEntries(Object.entries(h).filter(([, at]) => now - at < HIGHLIGHT_MS)))
    }, HIGHLIGHT_MS)
    return () => clearTimeout(timer)
  }, [highlighted])

  // Until the new view's first answer, the old view's rows are not shown.
  const fresh = state.key === key
  return {
    rows: fresh ? state.rows : [],
    meta: fresh ? state.meta : null,
    hasNextPage: fresh && state.hasNextPage,
    endCursor: state.endCursor,
    loading: fresh ? state.loading : true,
    error: fresh ? state.error : null,
    load,
    highlighted,
    liveMessage,
  }
}
