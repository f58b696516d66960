import { describe, expect, it } from 'vitest'
import {
  checkSniffedType,
  checkUpload,
  formatBytes,
  maxUploadBytes,
  normalizeContentType,
  UPLOAD_PURPOSES,
  UPLOAD_RULES,
  type UploadPurpose,
} from './upload-rules.ts'

const MB = 1024 * 1024
const limits = { globalLimitBytes: 50 * MB }

describe('upload rules', () => {
  it('has the three purposes with their types and limits', () => {
    expect(UPLOAD_PURPOSES).toEqual(['image', 'document', 'audio'])
    expect(UPLOAD_RULES.image.contentTypes).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
    expect(UPLOAD_RULES.image.maxBytes).toBe(10 * MB)
    expect(UPLOAD_RULES.document.contentTypes).toEqual(['application/pdf'])
    expect(UPLOAD_RULES.document.maxBytes).toBe(25 * MB)
    expect(UPLOAD_RULES.audio.contentTypes).toEqual([
      'audio/mpeg',
      'audio/mp4',
      'audio/x-m4a',
      'audio/ogg',
      'audio/wav',
    ])
    expect(UPLOAD_RULES.audio.maxBytes).toBeNull()
  })

  it.each<[UploadPurpose, number, number]>([
    ['image', 50 * MB, 10 * MB],
    ['image', 5 * MB, 5 * MB],
    ['document', 50 * MB, 25 * MB],
    ['audio', 50 * MB, 50 * MB],
    ['audio', 200 * MB, 200 * MB],
  ])('max for %s with a global limit of %i is %i', (purpose, global, expected) => {
    expect(maxUploadBytes(purpose, global)).toBe(expected)
  })

  it.each([
    ['image', 'image/jpeg'],
    ['image', 'image/png'],
    ['image', 'image/webp'],
    ['image', 'image/gif'],
    ['image', 'IMAGE/JPG'],
    ['image', 'image/pjpeg'],
    ['document', 'application/pdf'],
    ['audio', 'audio/mpeg'],
    ['audio', 'audio/mp3'],
    ['audio', 'audio/mp4'],
    ['audio', 'audio/x-m4a'],
    ['audio', 'audio/ogg; codecs=opus'],
    ['audio', 'audio/wav'],
    ['audio', 'audio/x-wav'],
    ['audio', 'video/mp4'],
  ])('accepts %s sent as %s', (purpose, contentType) => {
    const result = checkUpload({ purpose, contentType, size: 1000 }, limits)
    expect(result.ok).toBe(true)
  })

  it.each([
    ['image', 'image/svg+xml'],
    ['image', 'application/pdf'],
    ['image', 'text/html'],
    ['document', 'application/msword'],
    ['document', 'image/png'],
    ['image', 'video/mp4'],
    ['audio', 'audio/flac'],
    ['audio', ''],
  ])('refuses %s sent as %s with 415', (purpose, contentType) => {
    const result = checkUpload({ purpose, contentType }, limits)
    expect(result).toMatchObject({ ok: false, code: 'UNSUPPORTED_MEDIA_TYPE' })
  })

  it('says what is allowed when refusing a type', () => {
    expect(checkUpload({ purpose: 'image', contentType: 'image/svg+xml' }, limits)).toEqual({
      ok: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Images must be JPEG, PNG, WebP or GIF; this file was sent as image/svg+xml.',
    })
    expect(checkUpload({ purpose: 'document', contentType: 'text/plain' }, limits)).toMatchObject({
      message: 'Documents must be PDF; this file was sent as text/plain.',
    })
  })

  it('refuses an unknown purpose with VALIDATION and lists the purposes', () => {
    expect(checkUpload({ purpose: 'video', contentType: 'video/mp4' }, limits)).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'Unknown upload purpose "video". Use one of: image, document, audio.',
    })
    expect(checkUpload({ purpose: 'toString', contentType: 'image/png' }, limits).ok).toBe(false)
  })

  it('returns the canonical type and the limit when accepted', () => {
    expect(checkUpload({ purpose: 'audio', contentType: 'Audio/X-WAV' }, limits)).toEqual({
      ok: true,
      purpose: 'audio',
      contentType: 'audio/wav',
      maxBytes: 50 * MB,
    })
  })

  it.each<[UploadPurpose, string, number, boolean]>([
    ['image', 'image/png', 10 * MB, true],
    ['image', 'image/png', 10 * MB + 1, false],
    ['document', 'application/pdf', 25 * MB, true],
    ['document', 'application/pdf', 25 * MB + 1, false],
    ['audio', 'audio/mpeg', 50 * MB, true],
    ['audio', 'audio/mpeg', 50 * MB + 1, false],
  ])('size: %s %s of %i bytes ok=%s', (purpose, contentType, size, ok) => {
    const result = checkUpload({ purpose, contentType, size }, limits)
    expect(result.ok).toBe(ok)
    if (!result.ok) expect(result.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('says the limit when a file is too large', () => {
    const result = checkUpload({ purpose: 'image', contentType: 'image/png', size: 11 * MB }, limits)
    expect(result).toEqual({ ok: false, code: 'PAYLOAD_TOO_LARGE', message: 'Images can be at most 10 MB.' })
    const small = checkUpload(
      { purpose: 'image', contentType: 'image/png', size: 3 * MB },
      { globalLimitBytes: 2 * MB },
    )
    expect(small).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Images can be at most 2 MB.' })
  })

  it('checks the sniffed type against the purpose', () => {
    expect(checkSniffedType('image', 'image/webp')).toEqual({ ok: true, contentType: 'image/webp' })
    expect(checkSniffedType('audio', 'audio/ogg; codecs=opus')).toEqual({
      ok: true,
      contentType: 'audio/ogg',
    })
    expect(checkSniffedType('image', 'application/pdf')).toEqual({
      ok: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: "The file's content is PDF, whatever its name says. Images must be JPEG, PNG, WebP or GIF.",
    })
    expect(checkSniffedType('document', undefined)).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: "The file's content is not a format we recognise. Documents must be PDF.",
    })
  })

  it('takes an MP4 sent or sniffed as video/mp4 as audio/mp4 for audio, and only for audio', () => {
    expect(checkUpload({ purpose: 'audio', contentType: 'video/mp4' }, limits)).toMatchObject({
      ok: true,
      contentType: 'audio/mp4',
    })
    expect(checkSniffedType('audio', 'video/mp4')).toEqual({ ok: true, contentType: 'audio/mp4' })
    expect(checkSniffedType('audio', 'audio/x-m4a')).toEqual({ ok: true, contentType: 'audio/x-m4a' })
    expect(checkSniffedType('image', 'video/mp4')).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    })
    expect(checkSniffedType('audio', 'video/webm')).toMatchObject({ ok: false })
  })

  it('normalizes content types', () => {
    expect(normalizeContentType(' Image/JPEG ; charset=binary')).toBe('image/jpeg')
    expect(normalizeContentType('audio/m4a')).toBe('audio/x-m4a')
    expect(normalizeContentType('text/plain')).toBe('text/plain')
  })

  it('formats sizes', () => {
    expect(formatBytes(10 * MB)).toBe('10 MB')
    expect(formatBytes(2.5 * MB)).toBe('2.5 MB')
    expect(formatBytes(900 * 1024)).toBe('900 KB')
    expect(formatBytes(12)).toBe('12 bytes')
  })
})
