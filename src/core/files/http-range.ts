/** An inclusive byte range of a file. */
export interface ByteRange {
  start: number
  end: number
}

export type RangeRequest =
  { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' }

/**
 * Read a `Range` header against a file of `size` bytes (RFC 9110 §14): `bytes=a-b` (b clamped to the
 * end), `bytes=a-`, `bytes=-n` (the last n bytes). A header we do not understand, or several ranges,
 * is ignored and the whole file is sent, as the RFC allows; a well-formed range that starts past the
 * end (or asks for the last 0 bytes) is unsatisfiable.
 */
export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'full' }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return { kind: 'full' }
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return { kind: 'full' }
  if (first === '') {
    const suffix = Number(last)
    if (!Number.isSafeInteger(suffix)) return { kind: 'full' }
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } }
  }
  const start = Number(first)
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last)
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'full' }
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } }
}
