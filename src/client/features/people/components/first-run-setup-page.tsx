import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { ErrorSummary } from '#client/components/ui/error-summary.tsx'
import { Card, FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { ClaimFirstAdminMutation } from '../graphql/claim-first-admin.mutation.ts'

/**
 * `/setup?token=…`: the one-time link a fresh install logs. Whoever opens it signs up or in, then
 * confirms here to become the first superAdmin (the server refuses once anyone is).
 */
export function FirstRunSetupPage() {
  const { state, auth } = useAuth()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const here = `/setup?token=${encodeURIComponent(token)}`
  const claim = useAppMutation(ClaimFirstAdminMutation, { report: 'inline' })
  const [error, setError] = useState<string | null>(null)
  const navigate = useNavigate()

  async function become() {
    setError(null)
    const outcome = await claim.run({ token })
    if (!outcome.ok) {
      setError(outcome.message ?? outcome.failure.message)
      return
    }
    await auth.refresh()
    void navigate('/admin', { replace: true })
  }

  return (
    <FullScreenPage
      title="First-run setup"
      heading="Set up Stagedoor"
      lead="This link makes you the first society admin of this society's Stagedoor. It works once, for one hour."
      secondaryAction={{ label: 'Back to the home page', to: '/' }}
    >
      <Card aria-label="Become the first society admin">
        <ErrorSummary
          message={token ? error : 'This setup link is incomplete: open the whole link from the server log.'}
        />
        {state.status === 'authenticated' ? (
          <>
            <p className="mb-4 text-slate-800">
              Signed in as <strong>{state.user.email}</strong>.
            </p>
            <Button width="full" pending={claim.fetching} onClick={become} disabled={!token}>
              {claim.fetching ? null : <ShieldCheck aria-hidden="true" className="size-4" />}
              Become the first society admin
            </Button>
          </>
        ) : (
          <>
            <p className="mb-4 text-slate-800">First sign up (or sign in), then come back to this page.</p>
            <ButtonLink
              to={`/login?redirectTo=${encodeURIComponent(here)}`}
              width="adaptive"
              className="w-full"
            >
              Sign up or sign in
            </ButtonLink>
          </>
        )}
      </Card>
    </FullScreenPage>
  )
}
