import { FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { useAuthConfig } from '#client/features/auth/hooks/use-auth-config.ts'

/** The fatal-error screen's words (spec §2, §8). */
export const FATAL_ERROR_HEADING = 'Uh-oh'
export const FATAL_ERROR_TEXT = 'Something has gone totally wrong on our end.'

/** The fatal-error screen for a given support address (none while it is unknown). */
export function FatalErrorView({ supportEmail }: { supportEmail?: string | null }) {
  return (
    <FullScreenPage
      title="Something went wrong"
      heading={FATAL_ERROR_HEADING}
      lead={FATAL_ERROR_TEXT}
      secondaryAction={{ label: 'Reload the page', onClick: () => window.location.reload() }}
    >
      <p className="text-center text-pretty text-slate-700">
        {supportEmail ? (
          <>
            Please email{' '}
            <a
              href={`mailto:${supportEmail}`}
              className="font-semibold break-all text-brand-800 underline underline-offset-2 hover:text-brand-950"
            >
              {supportEmail}
            </a>{' '}
            to say what happened: what you were doing and what you saw.
          </>
        ) : (
          <>Please email the society&rsquo;s support address to say what happened.</>
        )}
      </p>
    </FullScreenPage>
  )
}

/**
 * The router's last resort: anything that breaks outside a page (the layout itself, a route) lands
 * here instead of on a blank screen. The support address comes from `/api/auth-config`.
 */
export function FatalErrorPage() {
  const config = useAuthConfig()
  return <FatalErrorView supportEmail={config?.supportEmail} />
}
