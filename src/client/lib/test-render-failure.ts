import { useSearchParams } from 'react-router'

/** Set by the end-to-end tests (before any script runs) to let them provoke a render failure. */
interface TestWindow {
  __STAGEDOOR_TEST__?: boolean
}

/**
 * NOTE: the e2e suite checks that a page which throws while rendering leaves the rest of the shell
 * working. The trigger is `?throw=render` on `/profile`, and only while the test's window flag is
 * set: a member cannot break a page with a link. It exists only in the build scripts/e2e.mjs makes
 * (VITE_E2E_HOOKS=1); in any other build the hook is an empty function and this one is dropped.
 */
function useRenderFailureOnRequest(): void {
  const [params] = useSearchParams()
  if (params.get('throw') !== 'render') return
  if (typeof window === 'undefined' || (window as TestWindow).__STAGEDOOR_TEST__ !== true) return
  throw new Error('Render failure requested by an end-to-end test')
}

function noTestHook(): void {}

/** The e2e render-failure trigger in the e2e build; nothing in any other. */
export const useTestRenderFailure: () => void =
  import.meta.env.VITE_E2E_HOOKS === '1' ? useRenderFailureOnRequest : noTestHook
