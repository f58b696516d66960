import { Navigate, Outlet, useLocation } from 'react-router'
import { loginPathFor } from '#core/auth/redirect.ts'
import { PageSpinner } from '#client/components/ui/spinner.tsx'
import { useAuth } from '#client/lib/use-auth.tsx'

/**
 * Guards the routes for signed-in users: a spinner while auth resolves, then either the page or
 * `/login?redirectTo=<path+search>` (spec §2).
 */
export function RequireAuth() {
  const { status } = useAuth()
  const { pathname, search } = useLocation()
  if (status === 'loading') return <PageSpinner label="Checking your sign-in…" />
  if (status === 'anonymous') return <Navigate to={loginPathFor(pathname + search)} replace />
  return <Outlet />
}
