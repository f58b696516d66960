import { builder } from '#server/graphql/builder.ts'
import { requireCapability } from '#server/graphql/guards.ts'
import { societySettingsOf } from './settings.queries.ts'
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
