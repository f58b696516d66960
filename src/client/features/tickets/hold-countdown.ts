/** "9:41" for 581 seconds left (never below 0:00). */
export function formatCountdown(secondsLeft: number): string {
  const s = Math.max(0, Math.ceil(secondsLeft))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** The moments a screen reader is told how long is left (seconds), not every tick. */
export const ANNOUNCE_AT = [300, 120, 60, 30] as const

/**
 * What the polite live region says with `secondsLeft` left: the sentence for the last threshold
 * passed, so it changes (and is read out) only at 5, 2 and 1 minutes and 30 seconds; empty before.
 */
export function holdAnnouncement(secondsLeft: number): string {
  const passed = ANNOUNCE_AT.filter((at) => secondsLeft <= at).at(-1)
  if (passed === undefined || secondsLeft <= 0) return ''
  const left = passed >= 60 ? `${passed / 60} minute${passed === 60 ? '' : 's'}` : `${passed} seconds`
  return `${left} left to finish your order.`
}
