import { eq } from 'drizzle-orm'
import {
  DEFAULT_EMAIL_PREFERENCES,
  profileSchema,
  type EmailPreferences,
} from '#core/profiles/profile.schemas.ts'
import { pushPreferencesOf, type PushPreferences } from '#core/notifications/push-preferences.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { profiles, type Instrument } from '#server/db/schema/index.ts'
import { saveProfileEssentials } from '#server/modules/applications/save-profile-essentials.ts'
import { authenticate, validationError } from '#server/modules/shared/guards.ts'
import { signFileUrl } from '#server/storage/signed-url.ts'

export type ProfileRow = typeof profiles.$inferSelect

/** What `/profile` shows: every field of the profile ('' for "not given"), the photo by signed URL. */
export interface MyProfileView {
  userId: string
  email: string
  slug: string | null
  preferredName: string
  pronouns: string
  phone: string
  emergencyContact: { name: string; phone: string; relationship: string } | null
  voicePart: string
  instruments: Instrument[]
  dietaryRequirements: string
  accessNeeds: string
  bio: string
  socialListOptIn: boolean
  emailPreferences: EmailPreferences
  pushPreferences: PushPreferences
  photoUrl: string | null
}

export async function findProfile(ctx: RequestContext, userId: string): Promise<ProfileRow | null> {
  const [row] = await ctx.services.db.select().from(profiles).where(eq(profiles.userId, userId))
  return row ?? null
}

export function profileView(ctx: RequestContext, viewer: Viewer, row: ProfileRow | null): MyProfileView {
  return {
    userId: viewer.id,
    email: viewer.email,
    slug: row?.slug ?? null,
    preferredName: row?.preferredName ?? viewer.name,
    pronouns: row?.pronouns ?? '',
    phone: row?.phone ?? '',
    emergencyContact: row?.emergencyContact ?? null,
    voicePart: row?.voicePart ?? '',
    instruments: row?.instruments ?? [],
    dietaryRequirements: row?.dietaryRequirements ?? '',
    accessNeeds: row?.accessNeeds ?? '',
    bio: row?.bio ?? '',
    socialListOptIn: row?.socialListOptIn ?? false,
    emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES, ...row?.emailPreferences },
    pushPreferences: pushPreferencesOf(row?.pushPreferences),
    photoUrl: row?.photoKey ? signFileUrl(row.photoKey, ctx.services.config.authSecret) : null,
  }
}

/** The signed-in member's own profile (a member who never saved one sees their account name). */
export async function getMyProfile(ctx: RequestContext): Promise<MyProfileView> {
  const viewer = authenticate(ctx.actor)
  return profileView(ctx, viewer, await findProfile(ctx, viewer.id))
}

/** Make the member's profile row if they have none (a free slug from their name), inside `tx`. */
export async function ensureProfile(
  ctx: RequestContext,
  tx: Tx,
  viewer: Viewer,
  name: string,
): Promise<void> {
  const [existing] = await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, viewer.id))
  if (existing) return
  // The essentials saver picks a free slug; the phone and contact it writes are overwritten below.
  await saveProfileEssentials(ctx, tx, viewer, {
    name,
    phone: '',
    emergencyContact: { name: '', phone: '', relationship: '' },
  })
  await tx.update(profiles).set({ phone: null, emergencyContact: null }).where(eq(profiles.userId, viewer.id))
}

const orNull = (value: string): string | null => (value === '' ? null : value)

/**
 * Save `/profile`: the whole profile, checked by `profileSchema` (the form uses the same one), in one
 * transaction with an audit entry naming the fields that changed (not their values: they are personal).
 */
export async function updateMyProfile(ctx: RequestContext, raw: unknown): Promise<MyProfileView> {
  const viewer = authenticate(ctx.actor)
  const parsed = profileSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const input = parsed.data
  const values = {
    preferredName: input.preferredName,
    pronouns: orNull(input.pronouns),
    phone: orNull(input.phone),
    emergencyContact: input.emergencyContact,
    voicePart: orNull(input.voicePart),
    instruments: input.instruments,
    dietaryRequirements: orNull(input.dietaryRequirements),
    accessNeeds: orNull(input.accessNeeds),
    bio: orNull(input.bio),
    socialListOptIn: input.socialListOptIn,
    emailPreferences: input.emailPreferences,
    updatedAt: ctx.now(),
  }
  const row = await withTx(ctx, async (tx) => {
    await ensureProfile(ctx, tx, viewer, input.preferredName)
    const [before] = await tx.select().from(profiles).where(eq(profiles.userId, viewer.id))
    const [after] = await tx.update(profiles).set(values).where(eq(profiles.userId, viewer.id)).returning()
    const changed = Object.keys(values).filter(
      (key) =>
        key !== 'updatedAt' &&
        JSON.stringify(before?.[key as keyof ProfileRow]) !==
          JSON.stringify(after?.[key as keyof ProfileRow]),
    )
    await auditChange(tx, ctx, {
      action: 'profile.update',
      entityType: 'profile',
      entityId: viewer.id,
      after: { fields: changed },
    })
    return after ?? null
  })
  return profileView(ctx, viewer, row)
}
