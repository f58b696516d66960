import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useQuery } from 'urql'
import { ADMIN_COMMAND } from '#core/society/getting-started.ts'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { ErrorSummary } from '#client/components/ui/error-summary.tsx'
import { Card, FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { ClaimFirstAdminMutation } from '../graphql/claim-first-admin.mutation.ts'
import { SetupLinkQuery } from '#client/components/first-run/first-run.queries.ts'
import { useSociety } from '#client/lib/society.tsx'

function SetupLinkSpent() {
  return (
    <div role="alert" className="space-y-3 text-slate-800">
      <p className="font-semibold text-red-800">This setup link has expired or was already used.</p>
      <p>
        Restart the server for a new link (it is printed in the log), or run{' '}
        <code className="break-all">{ADMIN_COMMAND}</code> on the server with your own email.
      </p>
    </div>
  )
}

function SetupFinished() {
  return (
    <div className="space-y-4 text-slate-800">
      <p>Setup is finished: this society already has its admin. Sign in to carry on.</p>
      <ButtonLink to="/login?redirectTo=%2Fadmin" width="adaptive" className="w-full">
        Sign in
      </ButtonLink>
    </div>
  )
}

/**
 * `/setup?token=…`: the one-time link a fresh install logs. Whoever opens it signs up or in, then
 * confirms here to become the first superAdmin (the server refuses once anyone is).
 */
export function FirstRunSetupPage() {
  const society = useSociety()
  const { state, auth } = useAuth()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const here = `/setup?token=${encodeURIComponent(token)}`
  const claim = useAppMutation(ClaimFirstAdminMutation, { report: 'inline' })
  const [error, setError] = useState<string | null>(null)
  const navigate = useNavigate()
  // Checked on opening: a spent link says so at once, not after its button is pressed.
  const [link] = useQuery({ query: SetupLinkQuery, variables: { token }, pause: !token })
  const linkState = token ? link.data?.setupLink : 'spent'

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
      heading={`Set up ${society.name}`}
      lead="This link makes you the first society admin of this app. It works once, for one hour."
      secondaryAction={{ label: 'Back to the home page', to: '/' }}
    >
      <Card aria-label="Become the first society admin">
        <ErrorSummary
          message={token ? error : 'This setup link is incomplete: open the whole link from the server log.'}
        />
        {linkState === 'finished' ? (
          <SetupFinished />
        ) : linkState === 'spent' ? (
          token ? (
            <SetupLinkSpent />
          ) : null
        ) : !linkState ? (
          <Spinner label="Checking the setup link…" />
        ) : state.status === 'authenticated' ? (
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
