import { useEffect, useState, useSyncExternalStore } from 'react'
import { createPageLoading, PAGE_LOADING_DELAY_MS, type PageLoadingPhase } from './page-loading.ts'

/**
 * The loading phase of a page whose data is `loading`: PRE_SHOW for the first second, then
 * SHOW_LOADING, and DONE as soon as loading stops. Loading again (another event, say) starts over.
 */
export function usePageLoading(loading: boolean, delayMs: number = PAGE_LOADING_DELAY_MS): PageLoadingPhase {
  const [controller] = useState(() => createPageLoading(delayMs))
  const phase = useSyncExternalStore(
    controller.subscribe,
    () => controller.phase,
    () => controller.phase,
  )
  useEffect(() => {
    if (loading) controller.start()
    else controller.finish()
  }, [controller, loading])
  useEffect(() => () => controller.dispose(), [controller])
  // NOTE: derived, so the render in which loading stops is already DONE (no frame of a spinner), and
  // the render in which it starts is PRE_SHOW whatever a previous load left behind.
  if (!loading) return 'DONE'
  return phase === 'SHOW_LOADING' ? 'SHOW_LOADING' : 'PRE_SHOW'
}
