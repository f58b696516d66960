import { useEffect, useRef, useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { Link, Navigate } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { Form, nestErrors, TextInput } from '#client/components/ui/form/index.ts'
import { DevMailboxLink } from './dev-mailbox-link.tsx'
import { Card, FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { isAuthError } from '#client/lib/auth.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { describeAuthError, emailProblem } from '../auth-messages.ts'
import { useAuthConfig } from '../hooks/use-auth-config.ts'
import { useRedirectTarget, withRedirect } from '../hooks/use-redirect-target.ts'
import { NewPasswordField, newPasswordProblem } from './new-password-field.tsx'
import { useSociety } from '#client/lib/society.tsx'

const linkClasses = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950'

interface SignupValues {
  name: string
  email: string
  password: string
}

/** Quick checks before asking the server (the password by the policy in core), which has the final word. */
const signupResolver: Resolver<SignupValues> = async (values) => {
  const errors: Record<string, string> = {}
  if (!values.name.trim()) errors.name = 'Enter your name.'
  const emailIssue = emailProblem(values.email)
  if (emailIssue) errors.email = emailIssue
  const passwordIssue = await newPasswordProblem(values.password, 'Choose a password.')
  if (passwordIssue) errors.password = passwordIssue
  return Object.keys(errors).length
    ? { values: {}, errors: nestErrors<SignupValues>(errors) }
    : { values, errors: {} }
}

/** `/signup`: name, email and password, then "check your email" for the confirmation link. */
export function SignupPage() {
  const society = useSociety()
  const { state, auth } = useAuth()
  const { target } = useRedirectTarget()
  const config = useAuthConfig()
  const form = useForm<SignupValues>({
    defaultValues: { name: '', email: '', password: '' },
    resolver: signupResolver,
  })
  const [error, setError] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (sentTo) headingRef.current?.focus()
  }, [sentTo])

  if (state.status === 'authenticated') return <Navigate to={target} replace />

  async function submit({ name, email, password }: SignupValues) {
    setError(null)
    try {
      await auth.signup({ name: name.trim(), email: email.trim(), password, redirectTo: target })
      setSentTo(email.trim())
    } catch (caught) {
      if (isAuthError(caught) && caught.code.startsWith('PASSWORD_')) {
        form.setError('password', { type: 'server', message: caught.message })
      } else {
        setError(describeAuthError(caught))
      }
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
      lead={`Join ${society.name} to apply for events and see everything for the ones you are in.`}
      secondaryAction={{ label: 'Back to the home page', to: '/' }}
    >
      <Card aria-label="Create an account">
        <Form form={form} onSubmit={submit} idPrefix="signup" message={error} className="space-y-5">
          <TextInput<SignupValues> name="name" label="Your name" autoComplete="name" required />
          <TextInput<SignupValues>
            name="email"
            type="email"
            label="Email address"
            autoComplete="email"
            inputMode="email"
            required
          />
          <NewPasswordField name="password" label="Password" minLength={config?.passwordMinLength} />
          <Button type="submit" width="full" pending={form.formState.isSubmitting}>
            Create account
          </Button>
        </Form>
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
