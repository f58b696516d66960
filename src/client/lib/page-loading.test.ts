import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPageLoading, PAGE_LOADING_DELAY_MS } from './page-loading.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createPageLoading', () => {
  it('waits 1000 ms by default (spec §9)', () => {
    expect(PAGE_LOADING_DELAY_MS).toBe(1000)
  })

  it('goes PRE_SHOW → SHOW_LOADING after the delay → DONE', () => {
    const loading = createPageLoading()
    const seen: string[] = []
    loading.subscribe(() => seen.push(loading.phase))
    loading.start()
    expect(loading.phase).toBe('PRE_SHOW')
    vi.advanceTimersByTime(999)
    expect(loading.phase).toBe('PRE_SHOW')
    vi.advanceTimersByTime(1)
    expect(loading.phase).toBe('SHOW_LOADING')
    loading.finish()
    expect(loading.phase).toBe('DONE')
    expect(seen).toEqual(['SHOW_LOADING', 'DONE'])
  })

  it('never shows the spinner when loading ends before the delay', () => {
    const loading = createPageLoading()
    const seen: string[] = []
    loading.subscribe(() => seen.push(loading.phase))
    loading.start()
    vi.advanceTimersByTime(400)
    loading.finish()
    vi.advanceTimersByTime(5_000)
    expect(loading.phase).toBe('DONE')
    expect(seen).toEqual(['DONE'])
  })

  it('starts over on a new load, with a fresh delay', () => {
    const loading = createPageLoading(500)
    loading.start()
    vi.advanceTimersByTime(500)
    expect(loading.phase).toBe('SHOW_LOADING')
    loading.finish()
    loading.start()
    expect(loading.phase).toBe('PRE_SHOW')
    vi.advanceTimersByTime(499)
    expect(loading.phase).toBe('PRE_SHOW')
    vi.advanceTimersByTime(1)
    expect(loading.phase).toBe('SHOW_LOADING')
  })

  it('restarting before the delay does not let the first timer fire early', () => {
    const loading = createPageLoading()
    loading.start()
    vi.advanceTimersByTime(800)
    loading.start()
    vi.advanceTimersByTime(800)
    expect(loading.phase).toBe('PRE_SHOW')
    vi.advanceTimersByTime(200)
    expect(loading.phase).toBe('SHOW_LOADING')
  })

  it('stops its timer and its listeners when disposed', () => {
    const loading = createPageLoading()
    const listener = vi.fn()
    loading.subscribe(listener)
    loading.start()
    loading.dispose()
    vi.advanceTimersByTime(5_000)
    expect(loading.phase).toBe('PRE_SHOW')
    expect(listener).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('lets a listener unsubscribe', () => {
    const loading = createPageLoading()
    const listener = vi.fn()
    const unsubscribe = loading.subscribe(listener)
    unsubscribe()
    loading.start()
    vi.advanceTimersByTime(1_000)
    expect(listener).not.toHaveBeenCalled()
  })
})
