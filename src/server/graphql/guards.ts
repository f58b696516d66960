import { AppError } from '#core/errors.ts'
import { can, type Capability } from '#core/auth/policies.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { GraphQLContext } from './context.ts'

/** The signed-in viewer, or UNAUTHENTICATED. */
export function requireViewer(ctx: Pick<GraphQLContext, 'viewer'>): Viewer {
  if (!ctx.viewer) throw new AppError('UNAUTHENTICATED', 'Not logged in.')
  return ctx.viewer
}

/** The viewer if they hold the capability; UNAUTHENTICATED when anonymous, FORBIDDEN otherwise. */
export function requireCapability(ctx: Pick<GraphQLContext, 'viewer'>, capability: Capability): Viewer {
  const viewer = requireViewer(ctx)
  if (!can(viewer, capability)) throw new AppError('FORBIDDEN', 'You do not have permission to do that.')
  return viewer
}
