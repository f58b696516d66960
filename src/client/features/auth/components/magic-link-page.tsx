import { LogIn } from 'lucide-react'
import { useState } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { ErrorSummary } from '#client/components/ui/error-summary.tsx'
import { Card, FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { useAuth } from '#client/lib/use-auth.tsx'
import { describeAuthError } from '../auth-messages.ts'
import { useRedirectTarget, withRedirect } from '../hooks/use-redirect-target.ts'
import { useSociety } from '#client/lib/society.tsx'

/**
 * `/login/magic?token=…&redirectTo=…`, where an emailed sign-in link lands. NOTE: opening the page
 * spends nothing (mail scanners open links before people do); the button's POST does.
 */
export function MagicLinkPage() {
  const society = useSociety()
  const { state, auth } = useAuth()
  const [params] = useSearchParams()
  const { target } = useRedirectTarget()
  const token = params.get('token')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (state.status === 'authenticated') return <Navigate to={target} replace />

  if (!token) {
    return (
      <FullScreenPage
        title="Sign-in link"
        heading="This sign-in link is incomplete"
        secondaryAction={{ label: 'Back to the home page', to: '/' }}
      >
        <Card>
          <p className="text-slate-800">
            Open the whole link from the email, or ask for a new one on the sign-in page.
          </p>
          <ButtonLink to={withRedirect('/login', target)} className="mt-6">
            Go to sign in
          </ButtonLink>
        </Card>
      </FullScreenPage>
    )
  }

  async function signIn() {
    if (pending || !token) return
    setPending(true)
    setError(null)
    try {
      await auth.consumeMagicLink(token)
      // Signed in: the redirect renders from the new state.
    } catch (caught) {
      setError(describeAuthError(caught))
      setPending(false)
    }
  }

  return (
    <FullScreenPage
      title="Sign in"
      heading={`Sign in to ${society.name}`}
      lead="You are one step away. Press the button to finish signing in."
      secondaryAction={{ label: 'Back to the home page', to: '/' }}
    >
      <Card aria-label="Finish signing in">
        <ErrorSummary message={error} />
        {error ? (
          <ButtonLink to={withRedirect('/login', target)} width="adaptive" className="w-full">
            Ask for a new sign-in link
          </ButtonLink>
        ) : (
          <Button width="full" pending={pending} onClick={signIn}>
            {pending ? null : <LogIn aria-hidden="true" className="size-4" />}
            Sign in
          </Button>
        )}
      </Card>
    </FullScreenPage>
  )
}
