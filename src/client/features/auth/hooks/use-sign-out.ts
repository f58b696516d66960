import { useState } from 'react'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router'
import { useAuth } from '#client/lib/use-auth.tsx'
import { describeAuthError } from '../auth-messages.ts'
import type { LoginLocationState } from '../components/login-page.tsx'

/**
 * Sign out here and on the server, then go to the sign-in page, which says it worked. When the
 * server cannot be told, this device is signed out anyway and a toast says so.
 */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const { auth } = useAuth()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)

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

  return { signOut, pending }
}
