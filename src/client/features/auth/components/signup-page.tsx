import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, Navigate } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { ErrorSummary, type FieldProblem } from '#client/components/ui/error-summary.tsx'
import { DevMailboxLink } from './dev-mailbox-link.tsx'
import { Card, FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { isAuthError } from '#client/lib/auth.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { describeAuthError, emailProblem } from '../auth-messages.ts'
import { useAuthConfig } from '../hooks/use-auth-config.ts'
import { loadPasswordPolicy } from '../hooks/use-password-policy.ts'
import { useRedirectTarget, withRedirect } from '../hooks/use-redirect-target.ts'
import { NewPasswordField } from './new-password-field.tsx'

const linkClasses = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950'

/** `/signup`: name, email and password, then "check your email" for the confirmation link. */
export function SignupPage() {
  const { state, auth } = useAuth()
  const { target } = useRedirectTarget()
  const config = useAuthConfig()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [problems, setProblems] = useState<FieldProblem[]>([])
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (sentTo) headingRef.current?.focus()
  }, [sentTo])

  if (state.status === 'authenticated') return <Navigate to={target} replace />

  const fieldError = (fieldId: string) => problems.find((p) => p.fieldId === fieldId)?.message

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    const found: FieldProblem[] = []
    if (!name.trim()) found.push({ fieldId: 'signup-name', message: 'Enter your name.' })
    const emailIssue = emailProblem(email)
    if (emailIssue) found.push({ fieldId: 'signup-email', message: emailIssue })
    const policy = await loadPasswordPolicy().catch(() => null)
    const passwordIssue = policy?.checkPassword(password)
    if (!password) found.push({ fieldId: 'signup-password', message: 'Choose a password.' })
    else if (policy && passwordIssue) {
      found.push({ fieldId: 'signup-password', message: policy.PASSWORD_MESSAGES[passwordIssue] })
    }
    setError(null)
    setProblems(found)
    if (found.length > 0) return

    setPending(true)
    try {
      await auth.signup({ name: name.trim(), email: email.trim(), password, redirectTo: target })
      setSentTo(email.trim())
    } catch (caught) {
      if (isAuthError(caught) && caught.code.startsWith('PASSWORD_')) {
        setProblems([{ fieldId: 'signup-password', message: caught.message }])
      } else {
        setError(describeAuthError(caught))
      }
    } finally {
      setPending(false)
    }
  }

  if (sentTo) {
    return (
      <FullScreenPage
        title="Check your email"
        heading="Check your email"
        headingRef={headingRef}
        secondaryAction={{ label: 'Back to sign in', to: withRedirect('/login', target) }}
      >
        <Card>
          <p className="text-slate-800">
            We sent a link to <strong className="break-all">{sentTo}</strong>. Open it to confirm your email
            address and you will be signed in. The link works for 24 hours.
          </p>
          <p className="mt-4 text-sm text-slate-700">
            Nothing there? Look in your spam folder. If you already had an account, the email tells you how to
            sign in instead.
          </p>
          <DevMailboxLink />
        </Card>
      </FullScreenPage>
    )
  }

  return (
    <FullScreenPage
      title="Create an account"
      heading="Create your account"
      lead="Join Stagedoor to apply for events and see everything for the ones you are in."
      secondaryAction={{ label: 'Back to the home page', to: '/' }}
    >
      <Card aria-label="Create an account">
        <ErrorSummary message={error} problems={problems} />
        <form noValidate onSubmit={submit} className="space-y-5">
          <TextField
            id="signup-name"
            name="name"
            label="Your name"
            autoComplete="name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={fieldError('signup-name')}
          />
          <TextField
            id="signup-email"
            name="email"
            type="email"
            label="Email address"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldError('signup-email')}
          />
          <NewPasswordField
            id="signup-password"
            label="Password"
            value={password}
            onChange={setPassword}
            error={fieldError('signup-password')}
            minLength={config?.passwordMinLength}
          />
          <Button type="submit" width="full" pending={pending}>
            Create account
          </Button>
        </form>
        <p className="mt-6 text-sm text-slate-700">
          Already have an account?{' '}
          <Link to={withRedirect('/login', target)} className={linkClasses}>
            Sign in
          </Link>
        </p>
      </Card>
    </FullScreenPage>
  )
}
