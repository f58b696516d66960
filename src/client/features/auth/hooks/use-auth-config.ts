import { useEffect, useState } from 'react'
import type { AuthConfig } from '#client/lib/auth.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'

/**
 * What the login page may offer (providers, demo accounts), or undefined until it is known. When it
 * cannot be fetched, email and password still work, so there is nothing to show for it.
 */
export function useAuthConfig(): AuthConfig | undefined {
  const auth = useAuthClient()
  const [config, setConfig] = useState<AuthConfig>()
  useEffect(() => {
    let current = true
    auth.getConfig().then(
      (value) => current && setConfig(value),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [auth])
  return config
}
