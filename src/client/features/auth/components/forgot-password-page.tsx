import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { ErrorSummary, type FieldProblem } from '#client/components/ui/error-summary.tsx'
import { DevMailboxLink } from './dev-mailbox-link.tsx'
import { Card, FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import { describeAuthError, emailProblem } from '../auth-messages.ts'

/**
 * `/forgot-password` (`?email=` prefills): asks for a reset link. The answer never says whether an
 * account exists.
 */
export function ForgotPasswordPage() {
  const auth = useAuthClient()
  const [params] = useSearchParams()
  const [email, setEmail] = useState(params.get('email') ?? '')
  const [problems, setProblems] = useState<FieldProblem[]>([])
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (sentTo) headingRef.current?.focus()
  }, [sentTo])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    const issue = emailProblem(email)
    setError(null)
    setProblems(issue ? [{ fieldId: 'forgot-email', message: issue }] : [])
    if (issue) return
    setPending(true)
    try {
      await auth.forgotPassword(email.trim())
      setSentTo(email.trim())
    } catch (caught) {
      setError(describeAuthError(caught))
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
        secondaryAction={{ label: 'Back to sign in', to: '/login' }}
      >
        <Card>
          <p className="text-slate-800">
            If there is an account for <strong className="break-all">{sentTo}</strong>, we have sent it a link
            to choose a new password. The link works once, for one hour.
          </p>
          <p className="mt-4 text-sm text-slate-700">
            Nothing there? Look in your spam folder, or{' '}
            <button
              type="button"
              onClick={() => setSentTo(null)}
              className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
            >
              try another address
            </button>
            .
          </p>
          <DevMailboxLink />
        </Card>
      </FullScreenPage>
    )
  }

  return (
    <FullScreenPage
      title="Reset your password"
      heading="Reset your password"
      lead="Enter the email address of your account and we will email you a link to choose a new password."
      secondaryAction={{ label: 'Back to sign in', to: '/login' }}
    >
      <Card aria-label="Reset your password">
        <ErrorSummary message={error} problems={problems} />
        <form noValidate onSubmit={submit} className="space-y-5">
          <TextField
            id="forgot-email"
            name="email"
            type="email"
            label="Email address"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={problems[0]?.message}
          />
          <Button type="submit" width="full" pending={pending}>
            Email me a reset link
          </Button>
        </form>
      </Card>
    </FullScreenPage>
  )
}
