import { Construction } from 'lucide-react'

/** A members' page whose issue has not landed yet: the route exists (and is guarded), the content not. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section aria-labelledby="placeholder-title" className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>{`${title} · Stagedoor`}</title>
      <Construction aria-hidden="true" className="mx-auto size-10 text-brand-700" />
      <h1 id="placeholder-title" className="mt-4 text-4xl font-extrabold tracking-tight text-brand-950">
        {title}
      </h1>
      <p className="mt-4 text-slate-700">This page is not available yet.</p>
    </section>
  )
}
