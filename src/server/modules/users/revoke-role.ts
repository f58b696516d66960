import type { Viewer } from '#server/auth/viewer.ts'
import type { RequestContext } from '#server/context.ts'
import { changeRole, type RoleChange } from './change-role.ts'

/** Take a role from a user (superAdmins only; audit-logged); never the last superAdmin's. */
export function revokeRole(ctx: RequestContext, change: RoleChange): Promise<Viewer> {
  return changeRole(ctx, change, false)
}
