import { inArray } from 'drizzle-orm'
import { rolesOf } from '#core/auth/roles.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { users } from '#server/db/schema/index.ts'
import { builder } from '#server/graphql/builder.ts'

/**
 * Users are loaded in batches: any list of records that names people (audit entries, applications,
 * casting notes) resolves every `User` in one query per request, not one per row.
 */
export const UserRef = builder.loadableObjectRef<Viewer, string>('User', {
  load: async (ids, ctx) => {
    const rows = await ctx.db.select().from(users).where(inArray(users.id, ids))
    const byId = new Map(rows.map((row) => [row.id, row]))
    return ids.map((id) => {
      const row = byId.get(id)
      if (!row) return new Error(`user ${id} not found`)
      return { id: row.id, email: row.email, name: row.name, image: row.image, roles: rolesOf(row) }
    })
  },
  sort: (user) => user.id,
})

UserRef.implement({
  description: 'A signed-in person.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    image: t.exposeString('image', { nullable: true }),
    roles: t.exposeStringList('roles', { description: 'Role names; empty for a plain member.' }),
  }),
})

builder.queryField('currentUser', (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: 'The signed-in user, or null when anonymous.',
    resolve: (_root, _args, ctx) => ctx.viewer,
  }),
)
