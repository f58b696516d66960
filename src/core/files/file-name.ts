const MAX_NAME_LENGTH = 80

/**
 * A file name that is safe in a storage key and a URL: the last path segment of what the browser
 * sent, accents folded, anything but letters, digits, `.`, `_` and `-` turned into `-`, no leading
 * dot, at most 80 characters with the extension kept. Never empty.
 */
export function safeFileName(original: string | undefined): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? ''
  const ascii = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/-*\.-*/g, '.')
    .replace(/^[.-]+/, '')
    .replace(/[.-]+$/, '')
  if (!ascii) return 'file'
  if (ascii.length <= MAX_NAME_LENGTH) return ascii
  const dot = ascii.lastIndexOf('.')
  const ext = dot > 0 && ascii.length - dot <= 10 ? ascii.slice(dot) : ''
  return ascii.slice(0, MAX_NAME_LENGTH - ext.length).replace(/[.-]+$/, '') + ext
}

/**
 * The name a stored upload gets: the sent name made safe, with its extension replaced by the one of
 * the type the bytes were detected as (`poly.html` holding a PNG is stored as `poly.png`), or no
 * extension when the type was not detected.
 */
export function storedFileName(original: string | undefined, detectedExt: string | undefined): string {
  const safe = safeFileName(original)
  const dot = safe.lastIndexOf('.')
  const base = dot > 0 ? safe.slice(0, dot) : safe
  const ext = detectedExt && /^[a-z0-9]{1,10}$/i.test(detectedExt) ? `.${detectedExt.toLowerCase()}` : ''
  return `${base}${ext}`
}
