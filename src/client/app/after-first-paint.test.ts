import { describe, expect, it } from 'vitest'
import { afterFirstPaint } from './after-first-paint.ts'

/** A window whose frames and timers run only when the test says so. */
function fakeWindow(visibilityState: DocumentVisibilityState) {
  const frames: (() => void)[] = []
  const timers: { run: () => void; ms: number }[] = []
  return {
    frames,
    timers,
    win: {
      document: { visibilityState },
      requestAnimationFrame: (run: () => void) => frames.push(run),
      setTimeout: (run: () => void, ms?: number) => timers.push({ run, ms: ms ?? 0 }),
    } as unknown as Parameters<typeof afterFirstPaint>[1],
  }
}

describe('afterFirstPaint', () => {
  it('runs the work in a task queued from the next frame, not before', () => {
    const { frames, timers, win } = fakeWindow('visible')
    let runs = 0
    afterFirstPaint(() => runs++, win)
    expect(runs).toBe(0)
    // Only the safety timer so far.
    expect(timers.map((t) => t.ms)).toEqual([1_000])
    frames.shift()!()
    expect(runs).toBe(0)
    timers.find((t) => t.ms === 0)!.run()
    expect(runs).toBe(1)
    // The safety timer later does not run it again.
    timers.find((t) => t.ms === 1_000)!.run()
    expect(runs).toBe(1)
  })

  it('runs the work after a second when no frame comes', () => {
    const { timers, win } = fakeWindow('visible')
    let runs = 0
    afterFirstPaint(() => runs++, win)
    timers.find((t) => t.ms === 1_000)!.run()
    expect(runs).toBe(1)
  })

  it('runs the work at once in a page that is not visible (it paints nothing)', () => {
    const { frames, timers, win } = fakeWindow('hidden')
    let runs = 0
    afterFirstPaint(() => runs++, win)
    expect(runs).toBe(1)
    expect(frames).toHaveLength(0)
    expect(timers).toHaveLength(0)
  })
})
