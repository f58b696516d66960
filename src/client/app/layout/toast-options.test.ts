import { describe, expect, it } from 'vitest'
import { TOAST_DURATION_MS, toastPosition } from './toast-options.ts'

describe('toastPosition', () => {
  it.each([
    [320, 'top-center'],
    [767, 'top-center'],
    [768, 'top-right'],
    [1023, 'top-right'],
    [1280, 'top-right'],
  ])('at %d px → %s', (width, expected) => {
    expect(toastPosition(width)).toBe(expected)
  })

  it('keeps toasts for 10 s', () => {
    expect(TOAST_DURATION_MS).toBe(10_000)
  })
})
