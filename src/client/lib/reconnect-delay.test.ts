import { describe, expect, it } from 'vitest'
import { reconnectDelayMs } from './reconnect-delay.ts'

describe('reconnectDelayMs', () => {
  it.each([
    [0, 1_000],
    [1, 2_000],
    [2, 5_000],
    [3, 10_000],
    [4, 10_000],
    [50, 10_000],
    [Number.POSITIVE_INFINITY, 10_000],
  ])('waits for retry %d: %d ms', (retries, expected) => {
    expect(reconnectDelayMs(retries)).toBe(expected)
  })

  it('treats a nonsense count as the first retry', () => {
    expect(reconnectDelayMs(-1)).toBe(1_000)
    expect(reconnectDelayMs(Number.NaN)).toBe(1_000)
  })

  it('gives the whole sequence 1, 2, 5, 10, 10 s', () => {
    expect([0, 1, 2, 3, 4].map(reconnectDelayMs)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000])
  })
})
