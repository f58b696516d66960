/**
 * Page loading (spec §2 Layout, §9): a page that is loading shows nothing for its first second
 * (PRE_SHOW), then a spinner (SHOW_LOADING), until it is DONE. A quick answer never flashes a spinner.
 */
export type PageLoadingPhase = 'PRE_SHOW' | 'SHOW_LOADING' | 'DONE'

/** How long a page may load before it shows a spinner (spec §9). */
export const PAGE_LOADING_DELAY_MS = 1000

export interface PageLoading {
  readonly phase: PageLoadingPhase
  /** (Re)start loading: PRE_SHOW now, SHOW_LOADING once the delay has passed. */
  start(): void
  /** Loading is over: DONE at once, and no spinner later. */
  finish(): void
  /** Called on every change of phase; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  dispose(): void
}

/**
 * One page's loading phases, driven by the global timers (so fake timers drive it in tests). It
 * starts in PRE_SHOW without a timer: call `start` to arm the delay.
 */
export function createPageLoading(delayMs: number = PAGE_LOADING_DELAY_MS): PageLoading {
  let phase: PageLoadingPhase = 'PRE_SHOW'
  let timer: ReturnType<typeof setTimeout> | undefined
  const listeners = new Set<() => void>()

  const set = (next: PageLoadingPhase) => {
    if (next === phase) return
    phase = next
    for (const listener of [...listeners]) listener()
  }
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }

  return {
    get phase() {
      return phase
    },
    start() {
      clear()
      set('PRE_SHOW')
      timer = setTimeout(() => {
        timer = undefined
        set('SHOW_LOADING')
      }, delayMs)
    },
    finish() {
      clear()
      set('DONE')
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      clear()
      listeners.clear()
    },
  }
}
