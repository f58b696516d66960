import { useEffect, useState } from 'react'
import { useAuthClient } from '#client/lib/use-auth.tsx'

/** The society's time zone (from `/api/auth-config`), undefined until known; the browser's if unreadable. */
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
