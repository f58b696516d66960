import { useEffect, useState } from 'react'
import { useAuthClient } from '#client/lib/use-auth.tsx'

/**
 * The society's time zone from `/api/auth-config`, or undefined (the browser's) until it is known,
 * so event dates read the same wherever the reader is.
 */
export function useTimeZone(): string | undefined {
  const auth = useAuthClient()
  const [timeZone, setTimeZone] = useState<string>()
  useEffect(() => {
    let current = true
    auth.getConfig().then(
      (config) => current && setTimeZone(config.timeZone),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [auth])
  return timeZone
}
