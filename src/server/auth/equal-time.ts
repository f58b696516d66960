/**
 * Answers that must not say whether an account exists take the same time either way (issue 17,
 * finding 9): for an existing account better-auth writes a token and queues an email, for an
 * unknown one it does nothing, and the difference was measurable. Each such answer is held until a
 * fixed time after the request began, longer than the work takes, so both paths answer alike.
 */
export const EQUAL_TIME_MS: Record<string, number> = {
  '/api/auth/sign-in/magic-link': 400,
  '/api/auth/request-password-reset': 400,
}

/** The answer time of a request path (without its query), or 0 when it has none. */
export function equalTimeFor(url: string): number {
  return EQUAL_TIME_MS[url.split('?')[0] ?? ''] ?? 0
}

/** Wait until `floorMs` after `startedAt` (a `performance.now()` reading). */
export async function holdUntil(startedAt: number, floorMs: number): Promise<void> {
  const wait = floorMs - (performance.now() - startedAt)
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
}
