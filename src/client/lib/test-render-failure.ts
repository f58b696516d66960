import { useSearchParams } from 'react-router'

/** Set by the end-to-end tests (before any script runs) to let them provoke a render failure. */
interface TestWindow {
  __STAGEDOOR_TEST__?: boolean
}

/**
 * NOTE: the e2e suite checks that a page which throws while rendering leaves the rest of the shell
 * working. It runs the production build, so the trigger is `?throw=render` on a placeholder page or
 * `/profile`, and only while the test's window flag is set: a member cannot break a page with a link.
 */
export function useTestRenderFailure(): void {
  const [params] = useSearchParams()
  if (params.get('throw') !== 'render') return
  if (typeof window === 'undefined' || (window as TestWindow).__STAGEDOOR_TEST__ !== true) return
  throw new Error('Render failure requested by an end-to-end test')
}
