import type { ReactNode } from 'react'
import type { AnyVariables, UseQueryResponse } from 'urql'
import { firstErrorCode } from '#client/lib/query-errors.ts'
import { usePageLoading } from '#client/lib/use-page-loading.ts'
import { PageLoadingIndicator } from './page-loading.tsx'
import { QueryFailure } from './query-failure.tsx'

export interface QueryViewProps<Data, Variables extends AnyVariables> {
  /** What `useQuery` returned. */
  query: UseQueryResponse<Data, Variables>
  /** Read to screen readers while loading, and shown by the spinner. */
  loadingLabel: string
  /** What could not be loaded, for the failure view. */
  what?: string
  /** Shown instead of the failure view when the error is NOT_FOUND. */
  notFound?: ReactNode
  /** 2 when the page around it already has its h1. */
  level?: 1 | 2
  children: (data: Data) => ReactNode
}

/**
 * A page's query in its three states: loading (PRE_SHOW, then a spinner after a second), failed (the
 * failure view with the first error's code, or `notFound`), and loaded. Data already in the cache is
 * shown at once while it is refreshed (`cache-and-network`).
 */
export function QueryView<Data, Variables extends AnyVariables>({
  query,
  loadingLabel,
  what,
  notFound,
  level = 1,
  children,
}: QueryViewProps<Data, Variables>) {
  const [result, reexecute] = query
  const phase = usePageLoading(result.data == null && !result.error)
  if (result.data != null) return <>{children(result.data)}</>
  if (result.error) {
    const code = firstErrorCode(result.error)
    if (code === 'NOT_FOUND' && notFound !== undefined) return <>{notFound}</>
    return (
      <QueryFailure
        code={code}
        what={what}
        level={level}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    )
  }
  return <PageLoadingIndicator phase={phase} label={loadingLabel} />
}
