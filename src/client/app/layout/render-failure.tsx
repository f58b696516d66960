import { RotateCw } from 'lucide-react'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Button } from '#client/components/ui/button.tsx'

/** The message of spec §8 for a page that failed to render. */
export const RENDER_FAILURE_MESSAGE = 'Something went wrong and we are unable to show this page.'

/**
 * Shown in the page area when the page throws while rendering; the sidebar, the footer and the
 * toasts around it keep working. When the page's code could not be downloaded (`reload`, decision
 * 0018), trying again cannot help, so the button reloads the whole page instead.
 */
export function RenderFailure({ onRetry, reload = false }: { onRetry: () => void; reload?: boolean }) {
  return (
    <section aria-labelledby="render-failure-title" className="mx-auto max-w-xl px-6 py-20 text-center">
      <title>Something went wrong · Stagedoor</title>
      <h1
        id="render-failure-title"
        className="text-3xl font-extrabold tracking-tight text-balance text-brand-950"
      >
        This page could not be shown
      </h1>
      <p role="alert" className="mt-4 text-slate-700">
        {RENDER_FAILURE_MESSAGE}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={reload ? () => window.location.reload() : onRetry}>
          <RotateCw aria-hidden="true" className="size-4" />
          {reload ? 'Reload the page' : 'Try again'}
        </Button>
        <ButtonLink to="/" variant="secondary">
          Go to the home page
        </ButtonLink>
      </div>
    </section>
  )
}
