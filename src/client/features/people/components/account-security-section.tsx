import { useCallback, useEffect, useId, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { changeEmailSchema } from '#core/profiles/profile.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Form, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import { PasswordInput } from '#client/components/ui/form/password-input.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { formatDateTime } from '#client/lib/format.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import type { AuthProviderInfo } from '#client/lib/auth/transport.ts'
import { accountApi, accountError, type LinkedAccount, type SessionInfo } from '../account-api.ts'

const PROVIDER_NAMES: Record<string, string> = {
  credential: 'Email and password',
  google: 'Google',
  microsoft: 'Microsoft',
}

/** A new sign-in email: checked with changeEmailSchema, and not the one the member has. */
function ChangeEmail({ email }: { email: string }) {
  const [status, setStatus] = useState('')
  const schema = useMemo(
    () =>
      changeEmailSchema.refine((v) => v.newEmail !== email.toLowerCase(), {
        message: 'That is already your email address.',
        path: ['newEmail'],
      }),
    [email],
  )
  const form = useForm<{ newEmail: string }>({
    defaultValues: { newEmail: '' },
    resolver: zodResolver(schema),
  })
  async function onSubmit({ newEmail }: { newEmail: string }) {
    setStatus('')
    const address = changeEmailSchema.parse({ newEmail }).newEmail
    try {
      await accountApi.changeEmail(address)
      setStatus(`We sent a link to ${address}. Your email changes when you open it.`)
      form.reset()
    } catch (error) {
      form.setError('newEmail', { type: 'server', message: accountError(error) })
    }
  }
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="change-email"
      summary={false}
      className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
    >
      <TextInput
        name="newEmail"
        label="New email address"
        hint={`Now: ${email}`}
        type="email"
        autoComplete="email"
      />
      <Button type="submit" pending={form.formState.isSubmitting}>
        Change email
      </Button>
      <p role="status" className="text-sm font-semibold text-green-800 empty:hidden sm:col-span-2">
        {status}
      </p>
    </Form>
  )
}

interface PasswordValues {
  current: string
  next: string
}

/** Both passwords given; the server's policy checks the new one. */
const passwordsGiven = z
  .object({ current: z.string(), next: z.string() })
  .refine((v) => v.current !== '' && v.next !== '', {
    message: 'Give your current password and a new one.',
    path: ['next'],
  })

function ChangePassword() {
  const auth = useAuthClient()
  const [status, setStatus] = useState('')
  const form = useForm<PasswordValues>({
    defaultValues: { current: '', next: '' },
    resolver: zodResolver<PasswordValues>(passwordsGiven),
  })
  async function onSubmit({ current, next }: PasswordValues) {
    setStatus('')
    try {
      await auth.changePassword({ currentPassword: current, newPassword: next })
      setStatus('Your password is changed. You were signed out everywhere else.')
      form.reset()
    } catch (error) {
      form.setError('next', { type: 'server', message: accountError(error) })
    }
  }
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="change-password"
      summary={false}
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <PasswordInput<PasswordValues>
        name="current"
        label="Current password"
        autoComplete="current-password"
      />
      <PasswordInput<PasswordValues> name="next" label="New password" autoComplete="new-password" />
      <Button type="submit" pending={form.formState.isSubmitting}>
        Change password
      </Button>
      <p role="status" className="text-sm font-semibold text-green-800 empty:hidden sm:col-span-3">
        {status}
      </p>
    </Form>
  )
}

/** Change email and password, the linked sign-in methods, and the active sessions. */
export function AccountSecuritySection({
  email,
  providers,
}: {
  email: string
  providers: AuthProviderInfo[]
}) {
  const id = useId()
  const [accounts, setAccounts] = useState<LinkedAccount[] | null>(null)
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null)
  const [currentId, setCurrentId] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [status, setStatus] = useState('')

  const [version, setVersion] = useState(0)
  const load = useCallback(() => setVersion((v) => v + 1), [])
  useEffect(() => {
    let live = true
    Promise.all([accountApi.listAccounts(), accountApi.listSessions(), accountApi.currentSession()]).then(
      ([a, s, current]) => {
        if (!live) return
        setAccounts(a)
        setSessions(s)
        setCurrentId(current?.session?.id ?? null)
      },
      (error: unknown) => {
        if (live) setProblem(accountError(error))
      },
    )
    return () => {
      live = false
    }
  }, [version])

  async function act(action: () => Promise<unknown>, done: string) {
    setProblem(null)
    setStatus('')
    try {
      await action()
      setStatus(done)
      load()
    } catch (error) {
      setProblem(accountError(error))
    }
  }

  const linked = new Set(accounts?.map((a) => a.providerId))
  const linkable = providers.filter((p) => !linked.has(p.id))
  const others = (sessions ?? []).filter((s) => s.id !== currentId)

  return (
    <Panel as="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-950">
        Sign-in and security
      </h2>
      <div className="mt-4 grid gap-6">
        <ChangeEmail email={email} />
        <ChangePassword />
        <div>
          <h3 className="text-base font-bold text-slate-900">Sign-in methods</h3>
          <ul className="mt-2 divide-y divide-slate-200" aria-label="Sign-in methods">
            {(accounts ?? []).map((account) => (
              <li key={account.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="text-sm text-slate-800">
                  {PROVIDER_NAMES[account.providerId] ??
                    providers.find((p) => p.id === account.providerId)?.name ??
                    account.providerId}
                </span>
                {(accounts?.length ?? 0) > 1 ? (
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => act(() => accountApi.unlinkAccount(account.id), 'Unlinked.')}
                  >
                    Unlink
                  </Button>
                ) : (
                  <span className="text-sm text-slate-600">Your only way in: it stays.</span>
                )}
              </li>
            ))}
          </ul>
          {linkable.length > 0 ? (
            <div className="mt-2 flex flex-wrap gap-2">
              {linkable.map((provider) => (
                <Button
                  key={provider.id}
                  type="button"
                  variant="secondary"
                  onClick={() =>
                    act(async () => {
                      const { url } = await accountApi.linkSocial(provider.id)
                      if (url) window.location.assign(url)
                    }, '')
                  }
                >
                  Link {provider.name}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
        <div>
          <h3 className="text-base font-bold text-slate-900">Where you are signed in</h3>
          <ul className="mt-2 divide-y divide-slate-200" aria-label="Active sessions">
            {(sessions ?? []).map((s) => (
              <li key={s.id} className="py-2 text-sm text-slate-800">
                <span className="font-semibold">
                  {s.id === currentId ? 'This browser' : 'Another browser'}
                </span>
                {' · '}
                <span className="break-all">{s.userAgent || 'Unknown browser'}</span>
                {' · last active '}
                {formatDateTime(s.updatedAt)}
              </li>
            ))}
          </ul>
          <Button
            type="button"
            variant="secondary"
            className="mt-2"
            disabled={others.length === 0}
            onClick={() => act(() => accountApi.revokeOtherSessions(), 'You are signed out everywhere else.')}
          >
            Sign out everywhere else
          </Button>
        </div>
        <p role="status" className="text-sm font-semibold text-green-800 empty:hidden">
          {status}
        </p>
        {problem ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {problem}
          </p>
        ) : null}
      </div>
    </Panel>
  )
}
