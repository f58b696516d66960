import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { changeEmailSchema } from '#core/profiles/profile.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { PasswordInput } from '#client/components/ui/password-input.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { formatDateTime } from '#client/lib/format.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import type { AuthProviderInfo } from '#client/lib/auth/transport.ts'
import { accountApi, accountError, type LinkedAccount, type SessionInfo } from '../account-api.ts'

const PROVIDER_NAMES: Record<string, string> = {
  credential: 'Email and password',
  google: 'Google',
  microsoft: 'Microsoft',
}

function ChangeEmail({ email }: { email: string }) {
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setStatus('')
    const parsed = changeEmailSchema.safeParse({ newEmail: value })
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Give a valid email address.')
    if (parsed.data.newEmail === email.toLowerCase()) return setProblem('That is already your email address.')
    setProblem(null)
    setBusy(true)
    try {
      await accountApi.changeEmail(parsed.data.newEmail)
      setStatus(`We sent a link to ${parsed.data.newEmail}. Your email changes when you open it.`)
      setValue('')
    } catch (error) {
      setProblem(accountError(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <TextField
        label="New email address"
        hint={`Now: ${email}`}
        type="email"
        autoComplete="email"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={problem}
      />
      <Button type="submit" pending={busy}>
        Change email
      </Button>
      <p role="status" className="text-sm font-semibold text-green-800 empty:hidden sm:col-span-2">
        {status}
      </p>
    </form>
  )
}

function ChangePassword() {
  const auth = useAuthClient()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setStatus('')
    if (!current || !next) return setProblem('Give your current password and a new one.')
    setProblem(null)
    setBusy(true)
    try {
      await auth.changePassword({ currentPassword: current, newPassword: next })
      setStatus('Your password is changed. You were signed out everywhere else.')
      setCurrent('')
      setNext('')
    } catch (error) {
      setProblem(accountError(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={problem}
      />
      <Button type="submit" pending={busy}>
        Change password
      </Button>
      <p role="status" className="text-sm font-semibold text-green-800 empty:hidden sm:col-span-3">
        {status}
      </p>
    </form>
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
