import { useEffect } from 'react'

/**
 * The member's own data changed on the server (an application's status or payment, a release):
 * the sidebar's `myNavigationChanged` subscription says so here, once, and each page showing that
 * data fetches it again, so "£8.00 outstanding" goes the moment staff record the payment.
 */
const changes = new EventTarget()

export function announceMyChanges(): void {
  changes.dispatchEvent(new Event('changed'))
}

/** Call `refetch` whenever the member's own data changes on the server. */
export function useRefetchOnMyChanges(refetch: () => void): void {
  useEffect(() => {
    const listener = () => refetch()
    changes.addEventListener('changed', listener)
    return () => changes.removeEventListener('changed', listener)
  }, [refetch])
}
