import { inArray } from 'drizzle-orm'
import { rolesOf } from '#core/auth/roles.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { RequestContext } from '#server/context.ts'
import { users } from '#server/db/schema/index.ts'

/** Users by id, in the order asked (an Error where there is none): the `User` loader's batch. */
export async function loadUsers(ctx: RequestContext, ids: readonly string[]): Promise<(Viewer | Error)[]> {
  const rows = await ctx.services.db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]))
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.map((id) => {
    const row = byId.get(id)
    if (!row) return new Error(`user ${id} not found`)
    return { id: row.id, email: row.email, name: row.name, image: row.image, roles: rolesOf(row) }
  })
}
