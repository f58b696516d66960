import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import type { Auth, AuthState } from './auth.ts'

const AuthContext = createContext<Auth | null>(null)

/** Gives the app its session (lib/auth.ts) and restores it once mounted. */
export function AuthProvider({ auth, children }: { auth: Auth; children: ReactNode }) {
  useEffect(() => {
    // Idempotent: StrictMode's second run and later mounts get the same restore.
    void auth.start()
  }, [auth])
  return <AuthContext value={auth}>{children}</AuthContext>
}

/** The session object itself, for its actions (login, logout, …). */
export function useAuthClient(): Auth {
  // NOTE: useContext, not use(): Preact's render-to-string (app/prerender.tsx) gives only useContext its context.
  const auth = useContext(AuthContext)
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it')
  return auth
}

export interface UseAuth {
  state: AuthState
  status: AuthState['status']
  user: AuthState['user']
  isAuthenticated: boolean
  auth: Auth
}

/** The auth state (loading, authenticated or anonymous, and the user), re-rendered as it changes. */
export function useAuth(): UseAuth {
  const auth = useAuthClient()
  const state = useSyncExternalStore(auth.subscribe, auth.getState, auth.getState)
  return {
    state,
    status: state.status,
    user: state.user,
    isAuthenticated: state.status === 'authenticated',
    auth,
  }
}
