import { builder } from '#server/graphql/builder.ts'
import { requireCapability } from '#server/graphql/guards.ts'
import {
  dismissGettingStarted,
  gettingStarted,
  hasSuperAdmin,
  markGettingStartedDone,
  setupLinkState,
} from './getting-started.ts'
import { societySettingsOf } from './settings.queries.ts'
import { GettingStartedItemEnum, GettingStartedRef, SetupLinkStateEnum } from './types/getting-started.ts'
import { SocietyRef } from './types/society.ts'
import { SocietySettingsRef } from './types/society-settings.ts'
import { SocietySettingsInput } from './types/society-settings-input.ts'
import { updateSocietySettings } from './update-society-settings.ts'

builder.queryField('society', (t) =>
  t.field({
    type: SocietyRef,
    description: 'The society’s name, logo, colour and support email: open to everyone.',
    resolve: (_root, _args, ctx) => societySettingsOf(ctx.services),
  }),
)

builder.queryField('societySettings', (t) =>
  t.field({
    type: SocietySettingsRef,
    description:
      'The whole settings record, bank details included (superAdmins). Members read the bank details ' +
      'only beside what they owe (`Application.paymentInstructions`) and in a ticket order’s email.',
    resolve: (_root, _args, ctx) => {
      requireCapability(ctx, 'admin.settings')
      return societySettingsOf(ctx.services)
    },
  }),
)

builder.mutationField('updateSocietySettings', (t) =>
  t.field({
    type: SocietySettingsRef,
    args: { input: t.arg({ type: SocietySettingsInput, required: true }) },
    resolve: (_root, args, ctx) => updateSocietySettings(ctx, args.input),
  }),
)

builder.queryField('setupPending', (t) =>
  t.boolean({
    description: 'True on a fresh install nobody has finished setting up (no superAdmin yet).',
    resolve: async (_root, _args, ctx) => !(await hasSuperAdmin(ctx.services.db)),
  }),
)

builder.queryField('setupLink', (t) =>
  t.field({
    type: SetupLinkStateEnum,
    description: 'What a `/setup` link is now, so a spent one says so before anyone presses a button.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => setupLinkState(ctx.services.db, args.token, ctx.now()),
  }),
)

builder.queryField('gettingStarted', (t) =>
  t.field({
    type: GettingStartedRef,
    resolve: (_root, _args, ctx) => gettingStarted(ctx),
  }),
)

builder.mutationField('markGettingStartedDone', (t) =>
  t.field({
    type: GettingStartedRef,
    args: { item: t.arg({ type: GettingStartedItemEnum, required: true }) },
    resolve: (_root, args, ctx) => markGettingStartedDone(ctx, args.item),
  }),
)

builder.mutationField('dismissGettingStarted', (t) =>
  t.field({
    type: GettingStartedRef,
    resolve: (_root, _args, ctx) => dismissGettingStarted(ctx),
  }),
)
