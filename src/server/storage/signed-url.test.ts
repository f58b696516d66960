import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseRangeHeader } from '#core/files/http-range.ts'
import { SIGNED_URL_TTL_SECONDS, signFileUrl, verifyFileSignature } from './signed-url.ts'

const SECRET = 'a-test-secret-that-is-at-least-32-characters'
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0)

function parse(url: string) {
  const u = new URL(url, 'http://x')
  return {
    path: u.pathname,
    key: decodeURIComponent(u.pathname.replace(/^\/api\/files\//, '')),
    exp: u.searchParams.get('exp') ?? undefined,
    sig: u.searchParams.get('sig') ?? undefined,
  }
}

describe('signed file URLs', () => {
  it('builds /api/files/<key>?exp=<unix seconds>&sig=<HMAC-SHA256 base64url>, 15 minutes by default', () => {
    expect(SIGNED_URL_TTL_SECONDS).toBe(900)
    const url = signFileUrl('uploads/image/abc-photo.png', SECRET, undefined, NOW)
    const { path, exp, sig } = parse(url)
    expect(path).toBe('/api/files/uploads/image/abc-photo.png')
    expect(Number(exp)).toBe(NOW / 1000 + 900)
    const expected = createHmac('sha256', SECRET)
      .update(`stagedoor-file-url:v1\nuploads/image/abc-photo.png\n${exp}`)
      .digest('base64url')
    expect(sig).toBe(expected)
  })

  it('encodes each segment of the key', () => {
    expect(parse(signFileUrl('docs/my file?.pdf', SECRET, 60, NOW)).path).toBe(
      '/api/files/docs/my%20file%3F.pdf',
    )
  })

  it('verifies its own links until they expire', () => {
    const { exp, sig } = parse(signFileUrl('a/b.png', SECRET, 60, NOW))
    expect(verifyFileSignature({ key: 'a/b.png', exp, sig, secret: SECRET, now: NOW })).toMatchObject({
      ok: true,
    })
    expect(verifyFileSignature({ key: 'a/b.png', exp, sig, secret: SECRET, now: NOW + 59_999 }).ok).toBe(true)
    expect(verifyFileSignature({ key: 'a/b.png', exp, sig, secret: SECRET, now: NOW + 60_000 })).toEqual({
      ok: false,
      reason: 'expired',
    })
  })

  it('refuses tampering with the key, the expiry, the signature, or another secret', () => {
    const { exp, sig } = parse(signFileUrl('a/b.png', SECRET, 60, NOW))
    const check = (over: Record<string, unknown>) =>
      verifyFileSignature({ key: 'a/b.png', exp, sig, secret: SECRET, now: NOW, ...over })
    expect(check({ key: 'a/c.png' })).toEqual({ ok: false, reason: 'invalid' })
    expect(check({ exp: String(Number(exp) + 3600) })).toEqual({ ok: false, reason: 'invalid' })
    expect(check({ sig: sig!.slice(0, -1) + (sig!.endsWith('A') ? 'B' : 'A') })).toEqual({
      ok: false,
      reason: 'invalid',
    })
    expect(check({ sig: sig!.slice(1) })).toEqual({ ok: false, reason: 'invalid' })
    expect(check({ secret: SECRET + 'x' })).toEqual({ ok: false, reason: 'invalid' })
    expect(check({ exp: '1e12' })).toEqual({ ok: false, reason: 'invalid' })
    expect(check({ exp: ['1', '2'] })).toEqual({ ok: false, reason: 'missing' })
    expect(check({ sig: undefined })).toEqual({ ok: false, reason: 'missing' })
    expect(check({ exp: '' })).toEqual({ ok: false, reason: 'missing' })
  })
})

describe('Range header', () => {
  it.each([
    ['bytes=0-9', { kind: 'partial', range: { start: 0, end: 9 } }],
    ['bytes=10-10', { kind: 'partial', range: { start: 10, end: 10 } }],
    ['bytes=990-', { kind: 'partial', range: { start: 990, end: 999 } }],
    ['bytes=-5', { kind: 'partial', range: { start: 995, end: 999 } }],
    ['bytes=-5000', { kind: 'partial', range: { start: 0, end: 999 } }],
    ['bytes=995-5000', { kind: 'partial', range: { start: 995, end: 999 } }],
    ['bytes=0-', { kind: 'partial', range: { start: 0, end: 999 } }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-1001', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    [undefined, { kind: 'full' }],
    ['', { kind: 'full' }],
    ['bytes=abc', { kind: 'full' }],
    ['bytes=5-2', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['items=0-1', { kind: 'full' }],
    ['bytes=99999999999999999999-', { kind: 'full' }],
  ])('%j on 1000 bytes → %j', (header, expected) => {
    expect(parseRangeHeader(header, 1000)).toEqual(expected)
  })

  it('treats any range on an empty file as unsatisfiable', () => {
    expect(parseRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRangeHeader('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' })
  })
})
