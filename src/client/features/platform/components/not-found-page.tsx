import { useLocation } from 'react-router'
import { ButtonLink } from '#client/components/ui/button-link.tsx'

/** Any path the router does not know. The server answers it with index.html, so this is client-side. */
export function NotFoundPage() {
  const { pathname } = useLocation()
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>Page not found · Stagedoor</title>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
      <h1 id="not-found-title" className="mt-2 text-4xl font-extrabold tracking-tight text-brand-950">
        Page not found
      </h1>
      <p className="mt-4 text-slate-700">
        There is no page at{' '}
        <code className="rounded bg-white px-1.5 py-0.5 text-sm break-all">{pathname}</code>. It may have
        moved, or the link may be mistyped.
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to the home page
      </ButtonLink>
    </section>
  )
}
