import type { ReactNode } from 'react'
import { Navigate, Outlet } from 'react-router'
import { can, type Capability } from '#core/auth/policies.ts'
import { adminHome } from '#core/navigation/admin-nav.ts'
import { NoAccessPage } from '#client/features/platform/components/no-access-page.tsx'
import { useAuth } from '#client/lib/use-auth.tsx'

/**
 * Guards a page by a capability (core/auth/policies.ts, the same rule the server applies). Without
 * it the member stays on the address and gets the no-access page inside the layout, with a way back:
 * their admin home if they may enter admin mode at all, otherwise their events. No redirect, so no loop.
 */
export function RequireCapability({
  capability,
  children,
  orAdminHome = false,
}: {
  capability: Capability
  children?: ReactNode
  /** `/admin` itself: a staff member who may not see the dashboard lands on their own first page. */
  orAdminHome?: boolean
}) {
  const { user } = useAuth()
  if (can(user, capability)) return <>{children ?? <Outlet />}</>
  const admin = can(user, 'admin.enter')
  if (orAdminHome && admin) return <Navigate to={adminHome(user)} replace />
  return (
    <NoAccessPage
      backTo={admin ? adminHome(user) : '/'}
      backLabel={admin ? 'Back to admin' : 'Back to your events'}
    />
  )
}
