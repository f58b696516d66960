import { builder } from '#server/graphql/builder.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { deleteMyAccount } from './delete-account.ts'
import { inactiveProfiles } from './inactive-profiles.ts'
import { getMyProfile, updateMyProfile } from './my-profile.ts'
import { removeProfilePhoto } from './profile-photo.ts'
import {
  InactiveProfileRef,
  MyProfileRef,
  ProfileInputRef,
  PushPreferencesInputRef,
} from './types/my-profile.ts'
import { updatePushPreferences } from './update-push-preferences.ts'

builder.queryField('myProfile', (t) =>
  t.field({
    type: MyProfileRef,
    description: "The signed-in member's profile. The photo is uploaded with POST /api/profile/photo.",
    resolve: (_root, _args, ctx) => getMyProfile(ctx),
  }),
)

builder.queryField('inactiveProfiles', (t) =>
  t.field({
    type: [InactiveProfileRef],
    description:
      'superAdmin: members inactive for RETENTION_YEARS (default 6), oldest first, flagged for deletion.',
    args: { limit: t.arg.int({ required: false }) },
    resolve: (_root, args, ctx) => inactiveProfiles(ctx, args.limit ?? 100),
  }),
)

builder.queryField('retentionYears', (t) =>
  t.int({
    description:
      'superAdmin: RETENTION_YEARS, the years of inactivity after which inactiveProfiles flags a member.',
    resolve: (_root, _args, ctx) => {
      authorize(ctx.actor, 'admin.retention')
      return ctx.services.config.retentionYears
    },
  }),
)

builder.mutationField('updateMyProfile', (t) =>
  t.field({
    type: MyProfileRef,
    args: { input: t.arg({ type: ProfileInputRef, required: true }) },
    resolve: (_root, args, ctx) => updateMyProfile(ctx, args.input),
  }),
)

builder.mutationField('updatePushPreferences', (t) =>
  t.field({
    type: MyProfileRef,
    description: 'Choose which kinds of notification reach the browsers you turned them on in.',
    args: { input: t.arg({ type: PushPreferencesInputRef, required: true }) },
    resolve: (_root, args, ctx) => updatePushPreferences(ctx, args.input),
  }),
)

builder.mutationField('removeProfilePhoto', (t) =>
  t.field({ type: MyProfileRef, resolve: (_root, _args, ctx) => removeProfilePhoto(ctx) }),
)

builder.mutationField('deleteMyAccount', (t) =>
  t.field({
    type: 'Boolean',
    description:
      'Delete the signed-in account: type its email to confirm. Applications and payments are kept anonymised (decision 0020); every open tab signs out with USER_DELETED.',
    args: { confirmEmail: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => deleteMyAccount(ctx, { confirmEmail: args.confirmEmail }),
  }),
)
