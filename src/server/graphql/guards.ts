import type { Capability } from '#core/auth/policies.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { RequestContext } from '#server/context.ts'
import { authenticate, authorize } from '#server/modules/shared/guards.ts'

/** The signed-in actor, or UNAUTHENTICATED. */
export function requireViewer(ctx: Pick<RequestContext, 'actor'>): Viewer {
  return authenticate(ctx.actor)
}

/** The actor if they hold the capability; UNAUTHENTICATED when anonymous, FORBIDDEN otherwise. */
export function requireCapability(ctx: Pick<RequestContext, 'actor'>, capability: Capability): Viewer {
  return authorize(ctx.actor, capability)
}
