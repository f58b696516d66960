import { useEffect, useState } from 'react'
import { useAuthClient } from './use-auth.tsx'

/**
 * The society's time zone (SOCIETY_TIME_ZONE, from `/api/auth-config`), undefined until it is known.
 * Event dates are entered on the society's clocks; only if the config cannot be read does this fall
 * back to the browser's zone.
 */
export function useSocietyTimeZone(): string | undefined {
  const auth = useAuthClient()
  const [timeZone, setTimeZone] = useState<string>()
  useEffect(() => {
    let current = true
    const browser = () => Intl.DateTimeFormat().resolvedOptions().timeZone
    auth.getConfig().then(
      (config) => current && setTimeZone(config.timeZone ?? browser()),
      () => current && setTimeZone(browser()),
    )
    return () => {
      current = false
    }
  }, [auth])
  return timeZone
}
