/** Realtime reconnect delays (spec §9): 1, 2, 5 and 10 seconds, then 10 seconds for every later try. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const

/**
 * How long to wait before reconnect attempt number `retries` (0 for the first retry after a drop,
 * as graphql-ws counts them).
 */
export function reconnectDelayMs(retries: number): number {
  const last = RECONNECT_DELAYS_MS[RECONNECT_DELAYS_MS.length - 1] ?? 10_000
  if (Number.isNaN(retries) || retries < 0) return RECONNECT_DELAYS_MS[0]
  return RECONNECT_DELAYS_MS[Math.floor(retries)] ?? last
}
