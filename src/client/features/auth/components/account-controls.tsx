import { LogIn, LogOut } from 'lucide-react'
import { useState } from 'react'
import toast from 'react-hot-toast'
import { useLocation, useNavigate } from 'react-router'
import { loginPathFor } from '#core/auth/redirect.ts'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { useAuth } from '#client/lib/use-auth.tsx'
import { describeAuthError } from '../auth-messages.ts'
import type { LoginLocationState } from './login-page.tsx'

/** The header's account corner: who is signed in and "Sign out", or "Sign in". */
export function AccountControls() {
  const { state, auth } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const [pending, setPending] = useState(false)

  if (state.status === 'loading') return null
  if (state.status === 'anonymous') {
    return (
      <ButtonLink
        to={loginPathFor(location.pathname + location.search)}
        variant="secondary"
        className="!py-2"
      >
        <LogIn aria-hidden="true" className="size-4" />
        Sign in
      </ButtonLink>
    )
  }

  async function signOut() {
    setPending(true)
    try {
      await auth.logout()
    } catch (caught) {
      toast.error(
        `You are signed out on this device, but the server could not be told: ${describeAuthError(caught)}`,
      )
    } finally {
      setPending(false)
    }
    navigate('/login', { replace: true, state: { signedOut: true } satisfies LoginLocationState })
  }

  return (
    <div className="flex min-w-0 items-center gap-3">
      <p className="hidden min-w-0 truncate text-sm text-slate-700 sm:block">
        Signed in as{' '}
        <span className="font-semibold text-slate-900">{state.user.name || state.user.email}</span>
      </p>
      <Button variant="secondary" pending={pending} onClick={signOut} className="shrink-0 !py-2">
        {pending ? null : <LogOut aria-hidden="true" className="size-4" />}
        Sign out
      </Button>
    </div>
  )
}
