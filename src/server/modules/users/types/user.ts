import type { Viewer } from '#server/auth/viewer.ts'
import { builder } from '#server/graphql/builder.ts'
import { RoleEnum } from './role.ts'
import { loadUsers } from '../users.queries.ts'

/**
 * Users are loaded in batches: any list of records that names people (audit entries, applications,
 * casting notes) resolves every `User` in one query per request, not one per row.
 */
export const UserRef = builder.loadableObjectRef<Viewer, string>('User', {
  load: (ids, ctx) => loadUsers(ctx, ids),
  sort: (user) => user.id,
})

UserRef.implement({
  description: 'A signed-in person.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    image: t.exposeString('image', { nullable: true }),
    roles: t.expose('roles', { type: [RoleEnum], description: 'Empty for a plain member.' }),
  }),
})
