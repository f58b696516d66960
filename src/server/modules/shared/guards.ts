import { can, type Capability } from '#core/auth/policies.ts'
import { AppError, type FieldIssue } from '#core/errors.ts'
import type { Viewer } from '#server/auth/viewer.ts'

// The checks every service starts with, so that each refuses in the same words.

/** The actor, or UNAUTHENTICATED. */
export function authenticate(actor: Viewer | null): Viewer {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Not logged in.')
  return actor
}

/** The actor if they hold the capability; UNAUTHENTICATED when anonymous, FORBIDDEN otherwise. */
export function authorize(actor: Viewer | null, capability: Capability): Viewer {
  const viewer = authenticate(actor)
  if (!can(viewer, capability)) throw new AppError('FORBIDDEN', 'You do not have permission to do that.')
  return viewer
}

/** VALIDATION listing every issue (zod's, or alike) by its dotted path; the first one is the message. */
export function validationError(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): AppError {
  const fields: FieldIssue[] = issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
  return new AppError('VALIDATION', fields[0]?.message ?? 'Invalid input.', { fields })
}

/** A Postgres unique-constraint violation (drizzle may wrap the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}
