import { eq } from 'drizzle-orm'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { profiles } from '#server/db/schema/index.ts'
import { authenticate } from '#server/modules/shared/guards.ts'

/** Opt in or out of being listed as going on the social list. */
export async function setSocialListOptIn(ctx: RequestContext, input: { optIn: boolean }): Promise<boolean> {
  const actor = authenticate(ctx.actor)
  const { optIn } = input
  await withTx(ctx, async (tx) => {
    const [updated] = await tx
      .update(profiles)
      .set({ socialListOptIn: optIn, updatedAt: ctx.now() })
      .where(eq(profiles.userId, actor.id))
      .returning({ userId: profiles.userId })
    if (!updated) {
      // NOTE: a member with no profile yet (never applied): make a minimal one to hold the choice.
      const base =
        actor.name
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '') || 'member'
      await tx
        .insert(profiles)
        .values({
          userId: actor.id,
          slug: `${base}-${actor.id.slice(0, 8).toLowerCase()}`,
          socialListOptIn: optIn,
        })
        .onConflictDoUpdate({ target: profiles.userId, set: { socialListOptIn: optIn } })
    }
    await auditChange(tx, ctx, {
      action: 'profile.socialListOptIn',
      entityType: 'profile',
      entityId: actor.id,
      after: { socialListOptIn: optIn },
    })
  })
  return optIn
}
