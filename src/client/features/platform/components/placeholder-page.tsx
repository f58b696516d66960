import { Construction } from 'lucide-react'
import { useSearchParams } from 'react-router'

/** Set by the end-to-end tests (before any script runs) to let them provoke a render failure. */
interface TestWindow {
  __STAGEDOOR_TEST__?: boolean
}

/**
 * NOTE: the e2e suite checks that a page which throws while rendering leaves the rest of the shell
 * working. It runs the production build, so the trigger is `?throw=render` on a placeholder page, and
 * only while the test's window flag is set: a member cannot break a page with a link.
 */
function useTestRenderFailure(): void {
  const [params] = useSearchParams()
  if (params.get('throw') !== 'render') return
  if (typeof window === 'undefined' || (window as TestWindow).__STAGEDOOR_TEST__ !== true) return
  throw new Error('Render failure requested by an end-to-end test')
}

/**
 * A page whose issue has not landed yet: the route exists (and is guarded) and renders in the real
 * layout with its title; the content does not exist yet.
 */
export function PlaceholderPage({ title, context }: { title: string; context?: string }) {
  useTestRenderFailure()
  return (
    <section aria-labelledby="placeholder-title" className="mx-auto max-w-xl px-6 py-20 text-center">
      <title>{`${context ? `${title} · ${context}` : title} · Stagedoor`}</title>
      <Construction aria-hidden="true" className="mx-auto size-10 text-brand-700" />
      {context ? <p className="mt-4 text-sm font-semibold text-brand-700">{context}</p> : null}
      <h1
        id="placeholder-title"
        className={`${context ? 'mt-1' : 'mt-4'} text-4xl font-extrabold tracking-tight text-balance text-brand-950`}
      >
        {title}
      </h1>
      <p className="mt-4 text-slate-700">This page is not available yet.</p>
    </section>
  )
}
