/**
 * A redirect target is honoured only when it is a same-site relative path such as `/x?y#z`; an
 * absolute URL (`https://evil.example`), a protocol-relative one (`//evil`), a backslash trick
 * (`/\evil`) or anything else falls back. Used by the login page and the server alike.
 */
export function safeRelativePath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback
  // Control characters can be stripped by browsers into `//`.
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback
  try {
    const base = 'http://stagedoor.invalid'
    const resolved = new URL(value, base)
    if (resolved.origin !== base) return fallback
    const path = resolved.pathname + resolved.search + resolved.hash
    // Dot segments can collapse into a protocol-relative path: `/..//evil.example` → `//evil.example`.
    if (path.startsWith('//') || path.startsWith('/\\')) return fallback
    return path
  } catch {
    return fallback
  }
}

/** `/login?redirectTo=<path+search>` for a protected page the visitor could not see. */
export function loginPathFor(pathAndSearch: string): string {
  const target = safeRelativePath(pathAndSearch, '/')
  return target === '/' ? '/login' : `/login?redirectTo=${encodeURIComponent(target)}`
}
