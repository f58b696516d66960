import { describe, expect, it } from 'vitest'
import { percent, uploadErrorMessage } from './upload.ts'

describe('uploadErrorMessage', () => {
  it('uses the server’s message when it sends one', () => {
    const body = JSON.stringify({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'That is not audio.' } })
    expect(uploadErrorMessage(415, body)).toBe('That is not audio.')
  })
  it.each([
    [413, 'The file is too large to upload.'],
    [0, 'The upload was interrupted. Check your connection and try again.'],
    [502, 'The upload failed (HTTP 502). Try again.'],
  ])('falls back by status %i', (status, message) => {
    expect(uploadErrorMessage(status, '<html>')).toBe(message)
  })
})

describe('percent', () => {
  it('is 0–100 and safe without a total', () => {
    expect(percent({ loaded: 50, total: 200 })).toBe(25)
    expect(percent({ loaded: 5, total: 0 })).toBe(0)
    expect(percent({ loaded: 300, total: 200 })).toBe(100)
  })
})
