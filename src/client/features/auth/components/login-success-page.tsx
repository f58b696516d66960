import { useEffect } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Card, FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useAuth } from '#client/lib/use-auth.tsx'
import { describeRedirectError } from '../auth-messages.ts'
import { useRedirectTarget, withRedirect } from '../hooks/use-redirect-target.ts'

/**
 * `/login/success`: where provider sign-ins and emailed links (confirm email) come back. With a
 * session it goes on to the safe `redirectTo`; with `?error=` or no session it says so and offers
 * the way back to sign in. It is never blank.
 */
export function LoginSuccessPage() {
  const { state, auth } = useAuth()
  const [params] = useSearchParams()
  const { target } = useRedirectTarget()
  const error = params.get('error')

  useEffect(() => {
    // The sign-in happened in a redirect: let the other open tabs know.
    if (!error) void auth.completeRedirectSignIn()
  }, [auth, error])

  if (!error && state.status === 'authenticated') return <Navigate to={target} replace />

  if (!error && state.status === 'loading') {
    return (
      <FullScreenPage title="Signing in" heading="Signing you in">
        <Card className="flex justify-center">
          <Spinner label="Finishing signing in…" />
        </Card>
      </FullScreenPage>
    )
  }

  return (
    <FullScreenPage
      title="Sign-in did not finish"
      heading="Sign-in did not finish"
      secondaryAction={{ label: 'Back to the home page', to: '/' }}
    >
      <Card>
        <p className="text-slate-800">
          {error
            ? describeRedirectError(error)
            : 'No session came back from signing in. The link may have expired, or this browser may be blocking cookies. Please try again.'}
        </p>
        <ButtonLink to={withRedirect('/login', target)} className="mt-6">
          Back to sign in
        </ButtonLink>
      </Card>
    </FullScreenPage>
  )
}
