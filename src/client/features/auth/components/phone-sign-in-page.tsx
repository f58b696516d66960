import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { Link, Navigate } from 'react-router'
import { z } from 'zod'
import { PHONE_CODE_LENGTH, cleanCode, formatPhone, toE164 } from '#core/auth/phone.ts'
import { phoneCodeSchema, phoneNumberSchema } from '#core/auth/phone.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Form, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import { Card, FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { Notice } from '#client/components/ui/notice.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useAuth } from '#client/lib/use-auth.tsx'
import { describeAuthError } from '../auth-messages.ts'
import { useAuthConfig } from '../hooks/use-auth-config.ts'
import { useRedirectTarget, withRedirect } from '../hooks/use-redirect-target.ts'
import { DevSmsLink } from './dev-sms-link.tsx'
import { useSociety } from '#client/lib/society.tsx'

const nameSchema = z.object({ name: z.string().trim().min(1, 'Enter your name.') })

const linkClasses = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950'

/**
 * `/login/phone`: a mobile number, then the 6-digit code texted to it. A new number signs up, and
 * gives its name next, as email sign-up asks for it; then on to the safe `redirectTo`.
 */
export function PhoneSignInPage() {
  const society = useSociety()
  const { state, auth } = useAuth()
  const { target } = useRedirectTarget()
  const config = useAuthConfig()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const country = config?.societyCountry ?? 'GB'
  const numberSchema = useMemo(() => phoneNumberSchema(country), [country])
  const numberForm = useForm<{ number: string }>({
    defaultValues: { number: '' },
    resolver: zodResolver(numberSchema),
  })
  const codeForm = useForm<{ code: string }>({
    defaultValues: { code: '' },
    resolver: zodResolver(phoneCodeSchema),
  })
  const nameForm = useForm<{ name: string }>({
    defaultValues: { name: '' },
    resolver: zodResolver(nameSchema),
  })
  const [named, setNamed] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const step = state.status === 'authenticated' ? 'name' : sentTo ? 'code' : 'number'

  useEffect(() => {
    if (step !== 'number') headingRef.current?.focus()
  }, [step])

  if (state.status === 'authenticated' && (named || state.user.name.trim())) {
    return <Navigate to={target} replace />
  }

  /** A problem with what was typed goes beside the field; the rest in the summary. */
  async function run<T extends FieldValues>(
    form: UseFormReturn<T>,
    field: Parameters<UseFormReturn<T>['setError']>[0],
    action: () => Promise<void>,
  ) {
    setError(null)
    try {
      await action()
    } catch (caught) {
      const message = describeAuthError(caught)
      const code = (caught as { code?: string }).code ?? ''
      if (/INVALID_PHONE_NUMBER|INVALID_OTP/.test(code)) form.setError(field, { type: 'server', message })
      else setError(message)
    }
  }

  function sendCode({ number }: { number: string }) {
    const e164 = toE164(number, country)
    if (!e164) return
    return run(numberForm, 'number', async () => {
      await auth.sendPhoneCode({ phoneNumber: e164 })
      codeForm.reset()
      setSentTo(e164)
    })
  }

  function verify({ code }: { code: string }) {
    if (!sentTo) return
    return run(codeForm, 'code', async () => {
      await auth.signInWithPhone({ phoneNumber: sentTo, code: cleanCode(code) })
    })
  }

  function saveName({ name }: { name: string }) {
    return run(nameForm, 'name', async () => {
      await auth.updateUser({ name: name.trim() })
      // NOTE: the access token still carries the empty name until it is renewed.
      await auth.refreshSession().catch(() => undefined)
      setNamed(true)
    })
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
      <FullScreenPage title="Your name" heading={`Welcome to ${society.name}`} headingRef={headingRef}>
        <Card aria-label="Your details">
          <p className="mb-5 text-slate-800">
            Your number is confirmed. What should the society call you? Your name is shown to the committee
            and on casting lists.
          </p>
          {/* NOTE: its own key: otherwise React reuses the code step's input, and what it holds. */}
          <Form
            key="name-step"
            form={nameForm}
            onSubmit={saveName}
            idPrefix="phone"
            message={error}
            className="space-y-5"
          >
            <TextInput name="name" label="Your name" autoComplete="name" required />
            <Button type="submit" width="full" pending={nameForm.formState.isSubmitting}>
              Continue
            </Button>
          </Form>
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
          <Form
            key="code-step"
            form={codeForm}
            onSubmit={verify}
            idPrefix="phone"
            message={error}
            className="mt-5 space-y-5"
          >
            <TextInput
              name="code"
              label="Code"
              hint={`The ${PHONE_CODE_LENGTH} digits from the text. After 3 wrong tries the code stops working.`}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={PHONE_CODE_LENGTH + 4}
              required
            />
            <Button type="submit" width="full" pending={codeForm.formState.isSubmitting}>
              Sign in
            </Button>
          </Form>
          <p className="mt-6 text-sm text-slate-700">
            No text, or the code stopped working?{' '}
            <button
              type="button"
              className={linkClasses}
              onClick={() => {
                setSentTo(null)
                setError(null)
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
        <Form
          key="number-step"
          form={numberForm}
          onSubmit={sendCode}
          idPrefix="phone"
          message={error}
          className="space-y-5"
        >
          <TextInput
            name="number"
            type="tel"
            label="Mobile number"
            hint={`Numbers without a + country code are read as ${country === 'GB' ? 'UK' : country} numbers.`}
            autoComplete="tel"
            inputMode="tel"
            required
          />
          <Button type="submit" width="full" pending={numberForm.formState.isSubmitting}>
            Text me a code
          </Button>
        </Form>
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
