import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, Navigate } from 'react-router'
import { PHONE_CODE_LENGTH, PHONE_MESSAGES, cleanCode, formatPhone, toE164 } from '#core/auth/phone.ts'
import { Button } from '#client/components/ui/button.tsx'
import { ErrorSummary, type FieldProblem } from '#client/components/ui/error-summary.tsx'
import { Card, FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { Notice } from '#client/components/ui/notice.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useAuth } from '#client/lib/use-auth.tsx'
import { describeAuthError } from '../auth-messages.ts'
import { useAuthConfig } from '../hooks/use-auth-config.ts'
import { useRedirectTarget, withRedirect } from '../hooks/use-redirect-target.ts'
import { DevSmsLink } from './dev-sms-link.tsx'

const linkClasses = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950'

/**
 * `/login/phone`: a mobile number, then the 6-digit code texted to it. A new number signs up, and
 * gives its name next, as email sign-up asks for it; then on to the safe `redirectTo`.
 */
export function PhoneSignInPage() {
  const { state, auth } = useAuth()
  const { target } = useRedirectTarget()
  const config = useAuthConfig()
  const [phone, setPhone] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [name, setName] = useState('')
  const [problems, setProblems] = useState<FieldProblem[]>([])
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [named, setNamed] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const step = state.status === 'authenticated' ? 'name' : sentTo ? 'code' : 'number'

  useEffect(() => {
    if (step !== 'number') headingRef.current?.focus()
  }, [step])

  if (state.status === 'authenticated' && (named || state.user.name.trim())) {
    return <Navigate to={target} replace />
  }

  const country = config?.societyCountry ?? 'GB'
  const fieldError = (id: string) => problems.find((p) => p.fieldId === id)?.message

  async function run(action: () => Promise<void>, fieldId: string) {
    if (pending) return
    setPending(true)
    setError(null)
    setProblems([])
    try {
      await action()
    } catch (caught) {
      const message = describeAuthError(caught)
      // A problem with what was typed goes beside the field; the rest in the summary.
      const code = (caught as { code?: string }).code ?? ''
      if (/INVALID_PHONE_NUMBER|INVALID_OTP/.test(code)) setProblems([{ fieldId, message }])
      else setError(message)
    } finally {
      setPending(false)
    }
  }

  function sendCode(event: FormEvent) {
    event.preventDefault()
    const e164 = toE164(phone, country)
    if (!e164) {
      setError(null)
      setProblems([{ fieldId: 'phone-number', message: PHONE_MESSAGES.invalid }])
      return
    }
    void run(async () => {
      await auth.sendPhoneCode({ phoneNumber: e164 })
      setCode('')
      setSentTo(e164)
    }, 'phone-number')
  }

  function verify(event: FormEvent) {
    event.preventDefault()
    const typed = cleanCode(code)
    if (!new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(typed)) {
      setError(null)
      setProblems([{ fieldId: 'phone-code', message: PHONE_MESSAGES.code }])
      return
    }
    if (!sentTo) return
    void run(async () => {
      await auth.signInWithPhone({ phoneNumber: sentTo, code: typed })
    }, 'phone-code')
  }

  function saveName(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) {
      setError(null)
      setProblems([{ fieldId: 'phone-name', message: 'Enter your name.' }])
      return
    }
    void run(async () => {
      await auth.updateUser({ name: name.trim() })
      // NOTE: the access token still carries the empty name until it is renewed.
      await auth.refreshSession().catch(() => undefined)
      setNamed(true)
    }, 'phone-name')
  }

  if (state.status === 'loading') {
    return (
      <FullScreenPage title="Sign in with your phone" heading="Sign in with your phone">
        <Card className="flex justify-center">
          <Spinner label="Checking whether you are signed in…" />
        </Card>
      </FullScreenPage>
    )
  }

  if (config && !config.phoneSignIn) {
    return (
      <FullScreenPage
        title="Sign in with your phone"
        heading="Signing in by text is not available"
        secondaryAction={{ label: 'Back to sign in', to: withRedirect('/login', target) }}
      >
        <Card>
          <p className="text-slate-800">This site does not send texts. Sign in with your email address.</p>
        </Card>
      </FullScreenPage>
    )
  }

  if (step === 'name') {
    return (
      <FullScreenPage title="Your name" heading="Welcome to Stagedoor" headingRef={headingRef}>
        <Card aria-label="Your details">
          <p className="mb-5 text-slate-800">
            Your number is confirmed. What should the society call you? Your name is shown to the committee
            and on casting lists.
          </p>
          <ErrorSummary message={error} problems={problems} />
          {/* NOTE: its own key: otherwise React reuses the code step's input, and what it holds. */}
          <form key="name-step" noValidate onSubmit={saveName} className="space-y-5">
            <TextField
              id="phone-name"
              name="name"
              label="Your name"
              autoComplete="name"
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={fieldError('phone-name')}
            />
            <Button type="submit" width="full" pending={pending}>
              Continue
            </Button>
          </form>
        </Card>
      </FullScreenPage>
    )
  }

  if (step === 'code' && sentTo) {
    return (
      <FullScreenPage
        title="Enter your code"
        heading="Enter the code we texted you"
        headingRef={headingRef}
        secondaryAction={{ label: 'Back to sign in', to: withRedirect('/login', target) }}
      >
        <Card aria-label="Enter your code">
          <Notice tone="success">
            We texted a {PHONE_CODE_LENGTH}-digit code to{' '}
            <strong className="whitespace-nowrap">{formatPhone(sentTo)}</strong>. It works once, for 5
            minutes.
          </Notice>
          <DevSmsLink />
          <ErrorSummary message={error} problems={problems} />
          <form key="code-step" noValidate onSubmit={verify} className="mt-5 space-y-5">
            <TextField
              id="phone-code"
              name="code"
              label="Code"
              hint={`The ${PHONE_CODE_LENGTH} digits from the text. After 3 wrong tries the code stops working.`}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={PHONE_CODE_LENGTH + 4}
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={fieldError('phone-code')}
            />
            <Button type="submit" width="full" pending={pending}>
              Sign in
            </Button>
          </form>
          <p className="mt-6 text-sm text-slate-700">
            No text, or the code stopped working?{' '}
            <button
              type="button"
              className={linkClasses}
              onClick={() => {
                setSentTo(null)
                setError(null)
                setProblems([])
              }}
            >
              Send a new code
            </button>
          </p>
        </Card>
      </FullScreenPage>
    )
  }

  return (
    <FullScreenPage
      title="Sign in with your phone"
      heading="Sign in with your phone"
      lead="We text you a code. A number we have not seen before gets a new account."
      secondaryAction={{ label: 'Back to sign in', to: withRedirect('/login', target) }}
    >
      <Card aria-label="Your phone number">
        <ErrorSummary message={error} problems={problems} />
        <form key="number-step" noValidate onSubmit={sendCode} className="space-y-5">
          <TextField
            id="phone-number"
            name="phone"
            type="tel"
            label="Mobile number"
            hint={`Numbers without a + country code are read as ${country === 'GB' ? 'UK' : country} numbers.`}
            autoComplete="tel"
            inputMode="tel"
            required
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={fieldError('phone-number')}
          />
          <Button type="submit" width="full" pending={pending}>
            Text me a code
          </Button>
        </form>
        <p className="mt-6 text-sm text-slate-700">
          Rather use your email?{' '}
          <Link to={withRedirect('/login', target)} className={linkClasses}>
            Sign in with email
          </Link>
        </p>
      </Card>
    </FullScreenPage>
  )
}
