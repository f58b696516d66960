import { useSearchParams } from 'react-router'
import { safeRelativePath } from '#core/auth/redirect.ts'

/**
 * Where to go after signing in: the `redirectTo` of the URL when it is a same-site path, else `/`.
 * `raw` is kept to pass along to the next auth page.
 */
export function useRedirectTarget(): { target: string; raw: string | null } {
  const [params] = useSearchParams()
  const raw = params.get('redirectTo')
  return { target: safeRelativePath(raw), raw }
}

/** An auth page's path with the redirect carried along (only a safe one). */
export function withRedirect(path: string, target: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra)
  if (target !== '/') params.set('redirectTo', target)
  const query = params.toString()
  return query ? `${path}?${query}` : path
}
