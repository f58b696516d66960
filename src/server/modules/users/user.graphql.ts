import { builder } from '#server/graphql/builder.ts'
import { UserRef } from './types/user.ts'

builder.queryField('currentUser', (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: 'The signed-in user, or null when anonymous.',
    resolve: (_root, _args, ctx) => ctx.actor,
  }),
)
