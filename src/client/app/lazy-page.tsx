import { lazy, Suspense, type ComponentType } from 'react'
import { PageLoadingIndicator } from '#client/components/ui/page-loading.tsx'
import { usePageLoading } from '#client/lib/use-page-loading.ts'

/**
 * A page's code could not be downloaded: usually a deploy replaced the chunks the open tab knows
 * about, or the network dropped. Trying the render again cannot help (React keeps the failed
 * import); reloading the page does.
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be downloaded.', { cause })
    this.name = 'ChunkLoadError'
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError
}

/** While a page's code downloads: nothing visible for the first second, then the spinner (spec §9). */
function PageCodeLoading() {
  const phase = usePageLoading(true)
  return <PageLoadingIndicator phase={phase} label="Loading the page…" />
}

/**
 * A page whose code is downloaded when it is first shown, so members do not download the admin
 * area, the application form and the participant pages up front (decision 0018). It loads like a
 * page waiting for its data (PRE_SHOW, SHOW_LOADING after a second); a failed download throws a
 * `ChunkLoadError` to the nearest error boundary, which offers a reload.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        throw new ChunkLoadError(error)
      },
    ),
  )
  // NOTE: React seam: lazy() gives a LazyExoticComponent whose props JSX cannot match to a generic P.
  const Page = Lazy as unknown as ComponentType<P>
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<PageCodeLoading />}>
        <Page {...props} />
      </Suspense>
    )
  }
  return LazyPage
}
