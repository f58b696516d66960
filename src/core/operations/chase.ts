import { DAY_MS } from './need-to-know.ts'

/** A member is chased at most once in this long. */
export const CHASE_INTERVAL_MS = DAY_MS

/** When a member last chased at `last` may be chased again (now when never). */
export function nextChaseAt(last: Date | null, now: Date): Date {
  if (!last) return now
  const next = new Date(last.getTime() + CHASE_INTERVAL_MS)
  return next > now ? next : now
}

export function canChase(last: Date | null, now: Date): boolean {
  return nextChaseAt(last, now).getTime() <= now.getTime()
}
