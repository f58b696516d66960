import { LogIn, LogOut } from 'lucide-react'
import { useLocation } from 'react-router'
import { loginPathFor } from '#core/auth/redirect.ts'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { useAuth } from '#client/lib/use-auth.tsx'
import { useSignOut } from '../hooks/use-sign-out.ts'

/** The header's account corner: who is signed in and "Sign out", or "Sign in". */
export function AccountControls() {
  const { state } = useAuth()
  const location = useLocation()
  const { signOut, pending } = useSignOut()

  if (state.status === 'loading') return null
  if (state.status === 'anonymous') {
    return (
      <ButtonLink
        to={loginPathFor(location.pathname + location.search)}
        variant="secondary"
        className="!py-2 whitespace-nowrap"
      >
        <LogIn aria-hidden="true" className="size-4" />
        Sign in
      </ButtonLink>
    )
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
