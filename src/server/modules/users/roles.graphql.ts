import { ROLES } from '#core/auth/roles.ts'
import { builder } from '#server/graphql/builder.ts'
import { changeRole } from './roles.service.ts'
import { UserRef } from './user.graphql.ts'

export const RoleEnum = builder.enumType('Role', { values: ROLES })

for (const [field, grant] of [
  ['grantRole', true],
  ['revokeRole', false],
] as const) {
  builder.mutationField(field, (t) =>
    t.field({
      type: UserRef,
      description: grant ? 'Give a user a role (superAdmin).' : 'Take a role from a user (superAdmin).',
      args: { userId: t.arg.id({ required: true }), role: t.arg({ type: RoleEnum, required: true }) },
      resolve: (_root, args, ctx) =>
        changeRole(ctx.db, {
          actor: ctx.viewer,
          userId: String(args.userId),
          role: args.role,
          grant,
          requestId: ctx.requestId,
        }),
    }),
  )
}
