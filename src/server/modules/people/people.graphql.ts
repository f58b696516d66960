import { builder } from '#server/graphql/builder.ts'
import { UserRef } from '#server/modules/users/types/user.ts'
import { claimFirstAdmin } from './first-run-setup.ts'

builder.mutationField('claimFirstAdmin', (t) =>
  t.field({
    type: UserRef,
    description:
      'With the one-time setup link a fresh install logs, the signed-in person becomes the first superAdmin.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => claimFirstAdmin(ctx, args.token),
  }),
)
