import { useEffect } from 'react'
import toast from 'react-hot-toast'
import { useAuthClient } from '#client/lib/use-auth.tsx'

/** Tells the member when the session ended for a reason they did not choose here. */
export function SessionNotices() {
  const auth = useAuthClient()
  useEffect(
    () =>
      auth.onEvent((event) => {
        if (event === 'USER_DELETED') {
          toast.error('Your account no longer exists, so you have been signed out.', { id: 'user-deleted' })
        }
      }),
    [auth],
  )
  return null
}
