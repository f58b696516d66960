import type { ReactNode } from 'react'
import { useQuery, type AnyVariables, type TypedDocumentNode, type UseQueryArgs } from 'urql'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { Preview } from './page-parts.tsx'

/**
 * A participant page's query, kept fresh (`cache-and-network`) and shown through QueryView. With a
 * `preview` (the admin sandbox) the page sits under the sandbox's h1, so its failure view is an h2.
 */
export function ParticipantQuery<Data, Variables extends AnyVariables>({
  query,
  variables,
  preview,
  loadingLabel,
  what,
  notFound,
  children,
}: {
  query: TypedDocumentNode<Data, Variables>
  variables: Variables
  preview?: Preview | undefined
  loadingLabel: string
  what: string
  notFound: ReactNode
  children: (data: Data) => ReactNode
}) {
  const result = useQuery<Data, Variables>({
    query,
    variables,
    requestPolicy: 'cache-and-network',
  } as UseQueryArgs<Variables, Data>)
  return (
    <QueryView
      query={result}
      loadingLabel={loadingLabel}
      what={what}
      notFound={notFound}
      level={preview ? 2 : 1}
    >
      {children}
    </QueryView>
  )
}
