import type { Viewer } from '#server/auth/viewer.ts'
import type { RequestContext } from '#server/context.ts'
import { changeRole, type RoleChange } from './change-role.ts'

/** Give a user a role (superAdmins only; audit-logged). Granting a role they have changes nothing. */
export function grantRole(ctx: RequestContext, change: RoleChange): Promise<Viewer> {
  return changeRole(ctx, change, true)
}
