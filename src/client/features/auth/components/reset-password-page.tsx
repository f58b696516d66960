import { useEffect, useRef, useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Form, nestErrors } from '#client/components/ui/form/index.ts'
import { Card, FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { isAuthError } from '#client/lib/auth.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import { describeAuthError } from '../auth-messages.ts'
import { useAuthConfig } from '../hooks/use-auth-config.ts'
import { NewPasswordField, newPasswordProblem } from './new-password-field.tsx'

type Stage = 'form' | 'invalid' | 'missing' | 'done'

interface ResetValues {
  password: string
}

/** The new password by the policy in core, before the server checks it again. */
const resetResolver: Resolver<ResetValues> = async (values) => {
  const problem = await newPasswordProblem(values.password, 'Choose a new password.')
  return problem
    ? { values: {}, errors: nestErrors<ResetValues>({ password: problem }) }
    : { values, errors: {} }
}

/**
 * `/reset-password`: the emailed link lands here once the server has validated its token
 * (`?token=`), or with `?error=INVALID_TOKEN` when it has expired or was used.
 */
export function ResetPasswordPage() {
  const auth = useAuthClient()
  const config = useAuthConfig()
  const [params] = useSearchParams()
  const token = params.get('token')
  const [stage, setStage] = useState<Stage>(params.get('error') ? 'invalid' : token ? 'form' : 'missing')
  const form = useForm<ResetValues>({ defaultValues: { password: '' }, resolver: resetResolver })
  const [error, setError] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const firstStage = useRef(stage)

  useEffect(() => {
    // The page's own content changed: take the reader to its new heading.
    if (stage !== firstStage.current) headingRef.current?.focus()
  }, [stage])

  async function submit({ password }: ResetValues) {
    if (!token) return
    setError(null)
    try {
      await auth.resetPassword({ token, newPassword: password })
      setStage('done')
    } catch (caught) {
      if (isAuthError(caught, 'INVALID_TOKEN')) setStage('invalid')
      else if (isAuthError(caught) && caught.code.startsWith('PASSWORD_')) {
        form.setError('password', { type: 'server', message: caught.message })
      } else setError(describeAuthError(caught))
    }
  }

  if (stage === 'invalid' || stage === 'missing') {
    return (
      <FullScreenPage
        title={stage === 'invalid' ? 'Link expired' : 'Reset your password'}
        heading={
          stage === 'invalid' ? 'This link has expired or was already used' : 'Open the link from your email'
        }
        headingRef={headingRef}
        secondaryAction={{ label: 'Back to sign in', to: '/login' }}
      >
        <Card>
          <p className="text-slate-800">
            {stage === 'invalid'
              ? 'A password reset link works once, for one hour. Ask for a new one and use the link in the newest email.'
              : 'To choose a new password, open the link in the email we sent you. No email? Ask for a new link.'}
          </p>
          <ButtonLink to="/forgot-password" className="mt-6">
            Ask for a new link
          </ButtonLink>
        </Card>
      </FullScreenPage>
    )
  }

  if (stage === 'done') {
    return (
      <FullScreenPage
        title="Password changed"
        heading="Your password has been changed"
        headingRef={headingRef}
      >
        <Card>
          <p className="text-slate-800">
            For your safety, you have been signed out everywhere. Sign in with your new password.
          </p>
          <ButtonLink to="/login" className="mt-6">
            Sign in
          </ButtonLink>
        </Card>
      </FullScreenPage>
    )
  }

  return (
    <FullScreenPage
      title="Choose a new password"
      heading="Choose a new password"
      headingRef={headingRef}
      secondaryAction={{ label: 'Back to sign in', to: '/login' }}
    >
      <Card aria-label="Choose a new password">
        <Form form={form} onSubmit={submit} idPrefix="reset" message={error} className="space-y-5">
          <NewPasswordField name="password" label="New password" minLength={config?.passwordMinLength} />
          <Button type="submit" width="full" pending={form.formState.isSubmitting}>
            Save new password
          </Button>
        </Form>
      </Card>
    </FullScreenPage>
  )
}
