import { useEffect, useState } from 'react'
import type * as PasswordPolicyModule from '#core/auth/password-policy.ts'

type PasswordPolicy = typeof PasswordPolicyModule

let loaded: PasswordPolicy | undefined
let loading: Promise<PasswordPolicy> | undefined

/**
 * The password policy, loaded on demand. NOTE: it carries a 10,000-word list, so it is its own chunk
 * and only the pages that set a password fetch it.
 */
export function loadPasswordPolicy(): Promise<PasswordPolicy> {
  loading ??= import('#core/auth/password-policy.ts').then(
    (policy) => (loaded = policy),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** The policy once loaded (the server checks again either way). */
export function usePasswordPolicy(): PasswordPolicy | undefined {
  const [policy, setPolicy] = useState(loaded)
  useEffect(() => {
    if (policy) return
    let current = true
    loadPasswordPolicy().then(
      (value) => current && setPolicy(value),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [policy])
  return policy
}
