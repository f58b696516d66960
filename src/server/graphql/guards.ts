import type { Capability } from '#core/auth/policies.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { authenticate, authorize } from '#server/modules/shared/guards.ts'
import type { GraphQLContext } from './context.ts'

/** The signed-in viewer, or UNAUTHENTICATED. */
export function requireViewer(ctx: Pick<GraphQLContext, 'viewer'>): Viewer {
  return authenticate(ctx.viewer)
}

/** The viewer if they hold the capability; UNAUTHENTICATED when anonymous, FORBIDDEN otherwise. */
export function requireCapability(ctx: Pick<GraphQLContext, 'viewer'>, capability: Capability): Viewer {
  return authorize(ctx.viewer, capability)
}
