import { Construction } from 'lucide-react'
import { useTestRenderFailure } from '#client/lib/test-render-failure.ts'

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
