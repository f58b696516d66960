import { CloudAlert, RotateCw } from 'lucide-react'
import { Button } from './button.tsx'

/**
 * A query failed (spec §8): say so, give the first GraphQL error's code for whoever the member tells,
 * and offer to try again.
 */
export function QueryFailure({
  code,
  what = 'this page',
  onRetry,
  level = 1,
}: {
  code: string
  /** What could not be loaded, as in "We could not load {what}." */
  what?: string
  onRetry?: () => void
  /** 1 when the whole page failed (it then names the document too); 2 for one part of a page. */
  level?: 1 | 2
}) {
  const Title = level === 1 ? 'h1' : 'h2'
  return (
    <section role="alert" data-query-failure={code} className="mx-auto max-w-xl px-6 py-16 text-center">
      {level === 1 ? <title>Could not load · Stagedoor</title> : null}
      <CloudAlert aria-hidden="true" className="mx-auto size-10 text-red-700" />
      <Title className="mt-4 text-2xl font-bold tracking-tight text-brand-950">
        Something went wrong loading {what}
      </Title>
      <p className="mt-3 text-slate-700">
        Please try again. If it keeps happening, tell the committee the error code below.
      </p>
      <p className="mt-3 text-sm text-slate-700">
        Error code:{' '}
        <code className="rounded bg-white px-1.5 py-0.5 font-semibold text-slate-900">{code}</code>
      </p>
      {onRetry ? (
        <Button variant="secondary" className="mt-6" onClick={onRetry}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      ) : null}
    </section>
  )
}
