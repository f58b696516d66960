import { useEffect } from 'react'
import { useClient } from 'urql'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import { AccountChangedSubscription } from '../graphql/account-changed.subscription.ts'

/**
 * While signed in: when the server says this account changed (a role granted, revoked or lapsed;
 * the account deleted), ask who we are again, so the sidebar and footer follow without a reload
 * and a deleted account signs out.
 */
export function useAccountChanges(): void {
  const client = useClient()
  const auth = useAuthClient()
  useEffect(() => {
    const { unsubscribe } = client.subscription(AccountChangedSubscription, {}).subscribe((change) => {
      if (change.data?.myAccountChanged) void auth.refresh().catch(() => undefined)
    })
    return unsubscribe
  }, [client, auth])
}
