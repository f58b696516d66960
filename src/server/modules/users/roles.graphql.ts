import { builder } from '#server/graphql/builder.ts'
import { grantRole } from './grant-role.ts'
import { revokeRole } from './revoke-role.ts'
import { RoleEnum } from './types/role.ts'
import { UserRef } from './types/user.ts'

builder.mutationFields((t) => ({
  grantRole: t.field({
    type: UserRef,
    description:
      'Give a user a role, or renew its term; endsAt null: until revoked (only superAdmin grants superAdmin; boardMember the rest).',
    args: {
      userId: t.arg.id({ required: true }),
      role: t.arg({ type: RoleEnum, required: true }),
      endsAt: t.arg({ type: 'DateTime', required: false }),
    },
    resolve: (_root, args, ctx) =>
      grantRole(ctx, { userId: String(args.userId), role: args.role, endsAt: args.endsAt ?? null }),
  }),
  revokeRole: t.field({
    type: UserRef,
    description:
      'Take a role from a user (only superAdmin for superAdmin; boardMember the rest); never the last superAdmin.',
    args: { userId: t.arg.id({ required: true }), role: t.arg({ type: RoleEnum, required: true }) },
    resolve: (_root, args, ctx) => revokeRole(ctx, { userId: String(args.userId), role: args.role }),
  }),
}))
