import { eq, like, or } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import type { ProfileEssentials } from '#core/profiles/profile.schemas.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { profiles } from '#server/db/schema/index.ts'

/** "Ada Lovelace" → "ada-lovelace" (profile slugs are URL-safe and lower case). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return slug || 'member'
}

/**
 * Save the essentials an application asks for back to the member's profile, inside `tx`, making the
 * profile (with a free slug) if the member has none yet. Returns the profile's slug.
 */
export async function saveProfileEssentials(
  ctx: RequestContext,
  tx: Tx,
  member: Viewer,
  essentials: ProfileEssentials,
): Promise<string> {
  const values = {
    preferredName: essentials.name,
    phone: essentials.phone,
    emergencyContact: essentials.emergencyContact,
    updatedAt: ctx.now(),
  }
  const [updated] = await tx
    .update(profiles)
    .set(values)
    .where(eq(profiles.userId, member.id))
    .returning({ slug: profiles.slug })
  if (updated) return updated.slug
  const base = slugify(essentials.name)
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = new Set(
      (
        await tx
          .select({ slug: profiles.slug })
          .from(profiles)
          .where(or(eq(profiles.slug, base), like(profiles.slug, `${base}-%`)))
      ).map((r) => r.slug),
    )
    let slug = base
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
    if (attempt > 0) slug = `${base}-${Math.random().toString(36).slice(2, 7)}`
    // NOTE: DO NOTHING covers both races: another request of the same member made the profile
    // (read it back below), or another member took this slug meanwhile (try again).
    const [inserted] = await tx
      .insert(profiles)
      .values({ userId: member.id, slug, ...values })
      .onConflictDoNothing()
      .returning({ slug: profiles.slug })
    if (inserted) return inserted.slug
    const [again] = await tx
      .update(profiles)
      .set(values)
      .where(eq(profiles.userId, member.id))
      .returning({ slug: profiles.slug })
    if (again) return again.slug
  }
  throw new AppError('CONFLICT', 'Could not create your profile. Please try again.')
}
