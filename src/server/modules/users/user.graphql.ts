import type { Viewer } from '#server/auth/viewer.ts'
import { builder } from '#server/graphql/builder.ts'

export const UserRef = builder.objectRef<Viewer>('User').implement({
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
