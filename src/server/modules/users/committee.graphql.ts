import { builder } from '#server/graphql/builder.ts'
import { requireViewer } from '#server/graphql/guards.ts'
import type { UserChangeReason } from '#server/realtime/topics.ts'
import { grantCommitteeRole, handOverRole, listCommittee } from './committee.ts'
import { AccountChangeReasonEnum } from './types/account-change-reason.ts'
import { RoleHolderRef } from './types/role-holder.ts'
import { RoleEnum } from './types/role.ts'
import { UserRef } from './types/user.ts'

builder.queryField('committee', (t) =>
  t.field({
    type: [RoleHolderRef],
    description:
      'Every role held, one row per holder with the term, soonest end first (superAdmin, boardMember).',
    resolve: (_root, _args, ctx) => listCommittee(ctx),
  }),
)

builder.mutationFields((t) => ({
  grantCommitteeRole: t.field({
    type: UserRef,
    description:
      'Grant a role to the member with this email, or renew its term; endsAt null: until revoked (only superAdmin grants superAdmin).',
    args: {
      email: t.arg.string({ required: true }),
      role: t.arg({ type: RoleEnum, required: true }),
      endsAt: t.arg({ type: 'DateTime', required: false }),
    },
    resolve: (_root, args, ctx) =>
      grantCommitteeRole(ctx, { email: args.email, role: args.role, endsAt: args.endsAt ?? null }),
  }),
  handOverRole: t.field({
    type: UserRef,
    description: 'Move a role from one member to another in one step (the AGM handover).',
    args: {
      role: t.arg({ type: RoleEnum, required: true }),
      fromUserId: t.arg.id({ required: true }),
      toEmail: t.arg.string({ required: true }),
      endsAt: t.arg({ type: 'DateTime', required: false }),
    },
    resolve: (_root, args, ctx) =>
      handOverRole(ctx, {
        role: args.role,
        fromUserId: String(args.fromUserId),
        toEmail: args.toEmail,
        endsAt: args.endsAt ?? null,
      }),
  }),
}))

builder.subscriptionField('myAccountChanged', (t) =>
  t.field({
    type: AccountChangeReasonEnum,
    description:
      "Fires with the reason when the signed-in user's account changes: the client checks who it is again.",
    subscribe: (_root, _args, ctx) => {
      const viewer = requireViewer(ctx)
      const { pubsub } = ctx
      async function* changes(): AsyncGenerator<UserChangeReason> {
        const messages = await pubsub.subscribe(['USER_CHANGED'])
        for await (const message of messages) {
          if (message.userId === viewer.id) yield message.reason
        }
      }
      return changes()
    },
    resolve: (reason) => reason,
  }),
)
