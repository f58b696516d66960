import { Mail, Smartphone } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { ErrorSummary, type FieldProblem } from '#client/components/ui/error-summary.tsx'
import { Card, FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { DevMailboxLink } from './dev-mailbox-link.tsx'
import { Notice } from '#client/components/ui/notice.tsx'
import { PasswordInput } from '#client/components/ui/password-input.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { AuthProviderInfo } from '#client/lib/auth.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { describeAuthError, emailProblem } from '../auth-messages.ts'
import { useAuthConfig } from '../hooks/use-auth-config.ts'
import { useRedirectTarget, withRedirect } from '../hooks/use-redirect-target.ts'
import { SetupPendingNotice } from '#client/components/first-run/setup-pending-notice.tsx'
import { DemoAccounts } from './demo-accounts.tsx'
import { ProviderButtons } from './provider-buttons.tsx'
import { useSociety } from '#client/lib/society.tsx'

/** What is in flight: one action at a time. */
type Pending =
  | { kind: 'password' }
  | { kind: 'magic' }
  | { kind: 'demo'; email: string }
  | { kind: 'provider'; id: string }

const linkClasses = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950'

/** Navigation state the sign-out control leaves, so this page can say it worked. */
export interface LoginLocationState {
  signedOut?: boolean
}

/**
 * `/login`: email and password, an emailed sign-in link, the configured providers, and in demo mode
 * the demo accounts. Once signed in (here or in another tab) it goes to the safe `redirectTo`.
 */
export function LoginPage() {
  const { state, auth } = useAuth()
  const { target } = useRedirectTarget()
  const [params] = useSearchParams()
  const location = useLocation()
  const config = useAuthConfig()
  const society = useSociety()

  const [email, setEmail] = useState(params.get('email') ?? '')
  const [password, setPassword] = useState('')
  const [problems, setProblems] = useState<FieldProblem[]>([])
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState<Pending | null>(null)
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null)

  if (state.status === 'authenticated') return <Navigate to={target} replace />

  const fieldError = (fieldId: string) => problems.find((p) => p.fieldId === fieldId)?.message
  const signedOut = (location.state as LoginLocationState | null)?.signedOut === true

  function fail(message: string | null, fieldProblems: FieldProblem[] = []) {
    setError(message)
    setProblems(fieldProblems)
    setPending(null)
  }

  async function run(next: Pending, action: () => Promise<unknown>) {
    if (pending) return
    setPending(next)
    setError(null)
    setProblems([])
    setLinkSentTo(null)
    try {
      await action()
      // Signed in: the state change above renders the redirect. Other actions end here.
      setPending(null)
    } catch (caught) {
      fail(describeAuthError(caught))
    }
  }

  function signIn(event: FormEvent) {
    event.preventDefault()
    const found: FieldProblem[] = []
    const emailIssue = emailProblem(email)
    if (emailIssue) found.push({ fieldId: 'login-email', message: emailIssue })
    if (!password) found.push({ fieldId: 'login-password', message: 'Enter your password.' })
    if (found.length > 0) return fail(null, found)
    void run({ kind: 'password' }, () => auth.login({ email: email.trim(), password }))
  }

  function emailLink() {
    const emailIssue = emailProblem(email)
    if (emailIssue) {
      return fail('Enter your email address first, and we will email you a link to sign in.', [
        { fieldId: 'login-email', message: emailIssue },
      ])
    }
    const address = email.trim()
    void run({ kind: 'magic' }, async () => {
      await auth.requestMagicLink({ email: address, redirectTo: target })
      setLinkSentTo(address)
    })
  }

  function signInWithProvider(provider: AuthProviderInfo) {
    void run({ kind: 'provider', id: provider.id }, async () => {
      const url = await auth.providerSignInUrl(provider, target)
      window.location.assign(url)
      // Stay busy while the browser leaves for the provider.
      await new Promise(() => undefined)
    })
  }

  function signInAsDemo(account: string) {
    if (!config?.demo) return
    const demoPassword = config.demo.password
    void run({ kind: 'demo', email: account }, () => auth.login({ email: account, password: demoPassword }))
  }

  const demo = config?.demo ?? null
  return (
    <FullScreenPage
      title="Sign in"
      heading={`Sign in to ${society.name}`}
      lead="Members and committee sign in here."
      width={demo ? 'wide' : 'narrow'}
      secondaryAction={{ label: 'Back to the home page', to: '/' }}
    >
      <SetupPendingNotice className="mb-6" />
      <div className={demo ? 'grid items-start gap-6 lg:grid-cols-2' : ''}>
        <Card aria-label="Sign in">
          {state.status === 'loading' ? (
            <Spinner label="Checking whether you are signed in…" />
          ) : (
            <>
              {signedOut && !error ? <Notice tone="success">You have signed out.</Notice> : null}
              {state.status === 'anonymous' && state.error && !error ? (
                <Notice>
                  We could not check whether you were already signed in ({state.error}). You can sign in
                  below.
                </Notice>
              ) : null}
              <ErrorSummary message={error} problems={problems} />
              {linkSentTo ? (
                <Notice tone="success">
                  If there is an account for <strong className="break-all">{linkSentTo}</strong>, a sign-in
                  link is on its way. It works once, for 10 minutes.
                  <DevMailboxLink />
                </Notice>
              ) : null}
              <form noValidate onSubmit={signIn} className="space-y-5">
                <TextField
                  id="login-email"
                  name="email"
                  type="email"
                  label="Email address"
                  autoComplete="username"
                  inputMode="email"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  error={fieldError('login-email')}
                />
                <PasswordInput
                  id="login-password"
                  name="password"
                  label="Password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  error={fieldError('login-password')}
                />
                <div className="flex flex-wrap items-center justify-between gap-4">
                  <Button type="submit" pending={pending?.kind === 'password'}>
                    Sign in
                  </Button>
                  <Link
                    to={withRedirect('/forgot-password', '/', email.trim() ? { email: email.trim() } : {})}
                    className={`text-sm ${linkClasses}`}
                  >
                    Forgot your password?
                  </Link>
                </div>
              </form>

              <div className="my-6 flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
                <span className="h-px flex-1 bg-slate-200" />
                or
                <span className="h-px flex-1 bg-slate-200" />
              </div>

              <Button
                variant="secondary"
                width="full"
                pending={pending?.kind === 'magic'}
                onClick={emailLink}
              >
                {pending?.kind === 'magic' ? null : <Mail aria-hidden="true" className="size-4 shrink-0" />}
                Email me a sign-in link
              </Button>
              {config?.phoneSignIn ? (
                <ButtonLink
                  to={withRedirect('/login/phone', target)}
                  variant="secondary"
                  className="mt-3 w-full"
                >
                  <Smartphone aria-hidden="true" className="size-4 shrink-0" />
                  Use my phone number
                </ButtonLink>
              ) : null}
              <ProviderButtons
                providers={config?.providers ?? []}
                pendingId={pending?.kind === 'provider' ? pending.id : null}
                onChoose={signInWithProvider}
              />

              <p className="mt-6 text-sm text-slate-700">
                New to {society.shortName}?{' '}
                <Link to={withRedirect('/signup', target)} className={linkClasses}>
                  Create an account
                </Link>
              </p>
            </>
          )}
        </Card>
        {demo && state.status !== 'loading' ? (
          <DemoAccounts
            demo={demo}
            pendingEmail={pending?.kind === 'demo' ? pending.email : null}
            onSignIn={signInAsDemo}
          />
        ) : null}
      </div>
    </FullScreenPage>
  )
}
