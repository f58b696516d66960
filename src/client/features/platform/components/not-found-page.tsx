import { useLocation } from 'react-router'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { FullScreenPage } from '#client/components/ui/full-screen-page.tsx'

function Explanation({ pathname }: { pathname: string }) {
  return (
    <>
      There is no page at{' '}
      <code className="rounded bg-white px-1.5 py-0.5 text-sm break-all ring-1 ring-brand-100">
        {pathname}
      </code>
      . It may have moved, or the link may be mistyped.
    </>
  )
}

/**
 * Any path the router does not know, on the full-screen fallback page (spec §1). The server answers
 * every path with index.html, so this is decided here.
 */
export function NotFoundPage() {
  const { pathname } = useLocation()
  return (
    <FullScreenPage
      title="Page not found"
      heading="Page not found"
      lead={<Explanation pathname={pathname} />}
      secondaryAction={{ label: 'Back to the home page', to: '/' }}
    />
  )
}

/**
 * The same answer inside the app's layout, for a page that exists but whose event does not (or is a
 * draft this member may not see): the sidebar stays, so the way on is one click away.
 */
export function NotFoundView() {
  const { pathname } = useLocation()
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-xl px-6 py-20 text-center">
      <title>Page not found · Stagedoor</title>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
      <h1 id="not-found-title" className="mt-2 text-4xl font-extrabold tracking-tight text-brand-950">
        Page not found
      </h1>
      <p className="mt-4 text-slate-700">
        <Explanation pathname={pathname} />
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to the home page
      </ButtonLink>
    </section>
  )
}
