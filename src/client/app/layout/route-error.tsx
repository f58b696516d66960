import { isRouteErrorResponse, useRouteError } from 'react-router'
import { Logo } from '#client/components/ui/logo.tsx'
import { buttonClasses } from '#client/components/ui/button-link.tsx'

/** Shown when a page fails to render or load, instead of a blank screen. */
export function RouteError() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-6 text-center"
    >
      <title>Something went wrong · Stagedoor</title>
      <Logo size="md" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-brand-950">Something went wrong</h1>
      <p className="mt-3 text-slate-700">
        This page could not be shown. Reloading often helps; if it keeps happening, please tell the committee.
      </p>
      {detail ? <p className="mt-2 text-sm text-slate-600">{detail}</p> : null}
      <button
        type="button"
        className={`mt-8 ${buttonClasses('primary')}`}
        onClick={() => window.location.reload()}
      >
        Reload the page
      </button>
    </main>
  )
}
