import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { z } from 'zod'
import { Button } from '#client/components/ui/button.tsx'
import { Form, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import { DevMailboxLink } from './dev-mailbox-link.tsx'
import { Card, FullScreenPage } from '#client/components/ui/full-screen-page.tsx'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import { describeAuthError, emailProblem } from '../auth-messages.ts'

/** The address, with the quick check the sign-in pages make before the server has its word. */
const forgotSchema = z.object({
  email: z.string().superRefine((value, ctx) => {
    const problem = emailProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
})

/**
 * `/forgot-password` (`?email=` prefills): asks for a reset link. The answer never says whether an
 * account exists.
 */
export function ForgotPasswordPage() {
  const auth = useAuthClient()
  const [params] = useSearchParams()
  const form = useForm<{ email: string }>({
    defaultValues: { email: params.get('email') ?? '' },
    resolver: zodResolver(forgotSchema),
  })
  const [error, setError] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (sentTo) headingRef.current?.focus()
  }, [sentTo])

  async function submit({ email }: { email: string }) {
    setError(null)
    try {
      await auth.forgotPassword(email.trim())
      setSentTo(email.trim())
    } catch (caught) {
      setError(describeAuthError(caught))
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
        <Form form={form} onSubmit={submit} idPrefix="forgot" message={error} className="space-y-5">
          <TextInput
            name="email"
            type="email"
            label="Email address"
            autoComplete="email"
            inputMode="email"
            required
          />
          <Button type="submit" width="full" pending={form.formState.isSubmitting}>
            Email me a reset link
          </Button>
        </Form>
      </Card>
    </FullScreenPage>
  )
}
