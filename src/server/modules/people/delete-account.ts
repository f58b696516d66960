import { randomUUID } from 'node:crypto'
import { eq, inArray, or, sql } from 'drizzle-orm'
import { deleteConfirmationMatches } from '#core/profiles/profile.schemas.ts'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import {
  applicationReviews,
  applications,
  mailingListSubscribers,
  profiles,
  users,
} from '#server/db/schema/index.ts'
import { lockSuperAdmins, lockUser } from '#server/modules/users/role-terms.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { accountDeletedMessage } from './people-emails.ts'

export const DELETE_REFUSALS = {
  confirm: 'Type your email address exactly as it is on your account to confirm.',
  lastSuperAdmin:
    'You are the only superAdmin. Grant superAdmin to someone else in the Committee view before deleting your account.',
} as const

/** The name an anonymised application's holder shows under (decision 0020). */
export const DELETED_MEMBER_NAME = 'Deleted member'

/**
 * Delete the signed-in member's account (issue 12 §5). The user, their profile, sign-in methods,
 * sessions, drafts, calendar feed, role terms and mailing-list subscriptions go. Applications (with
 * their payments) are records the society keeps: they move to an anonymous holder with no email
 * anyone can use and no way to sign in, their answers and reviewers' notes are cleared, and their
 * status, part and payments stay, so every count and total is unchanged. Diversity answers were never
 * linked. Every open tab is signed out (`USER_CHANGED` reason `deleted`: sockets close, tokens answer
 * 401 USER_DELETED) and a confirmation email goes to the old address.
 */
export async function deleteMyAccount(
  ctx: RequestContext,
  input: { confirmEmail: string },
): Promise<boolean> {
  const viewer = authenticate(ctx.actor)
  if (!deleteConfirmationMatches(input.confirmEmail, viewer.email)) {
    throw new AppError('VALIDATION', DELETE_REFUSALS.confirm, {
      fields: [{ path: 'confirmEmail', message: DELETE_REFUSALS.confirm }],
    })
  }
  const photoKey = await withTx(ctx, async (tx, afterCommit) => {
    const superAdmins = await lockSuperAdmins(tx)
    const user = await lockUser(tx, viewer.id)
    if (!user) throw new AppError('USER_DELETED', 'This account no longer exists.')
    if (superAdmins.length === 1 && superAdmins[0] === user.id) {
      throw new AppError('CONFLICT', DELETE_REFUSALS.lastSuperAdmin)
    }
    const [profile] = await tx
      .select({ photoKey: profiles.photoKey })
      .from(profiles)
      .where(eq(profiles.userId, user.id))

    const held = await tx
      .select({ id: applications.id, type: applications.applicationType })
      .from(applications)
      .where(eq(applications.userId, user.id))
    let holderId: string | null = null
    if (held.length > 0) {
      holderId = `deleted-${randomUUID()}`
      await tx.insert(users).values({
        id: holderId,
        name: DELETED_MEMBER_NAME,
        email: `${holderId}@deleted.invalid`,
        emailVerified: false,
        roles: [],
      })
      const ids = held.map((a) => a.id)
      await tx
        .update(applications)
        .set({
          userId: holderId,
          slug: sql`${holderId} || '-' || ${applications.applicationType}`,
          answers: {},
          updatedAt: ctx.now(),
        })
        .where(inArray(applications.id, ids))
      await tx
        .update(applicationReviews)
        .set({ note: '' })
        .where(inArray(applicationReviews.applicationId, ids))
    }
    await tx
      .delete(mailingListSubscribers)
      .where(or(eq(mailingListSubscribers.userId, user.id), eq(mailingListSubscribers.email, user.email)))
    // Cascades: profile, accounts, sessions, drafts, calendar feed, role terms, ballot requests.
    await tx.delete(users).where(eq(users.id, user.id))
    await auditChange(tx, ctx, {
      action: 'user.delete',
      entityType: 'user',
      entityId: user.id,
      after: { anonymisedApplications: held.length, heldBy: holderId },
    })
    await ctx.services.mailer.queue(
      accountDeletedMessage(
        ctx.services.config,
        await societySettingsOf(ctx.services),
        user.email,
        user.name,
      ),
      tx,
    )
    afterCommit(() => {
      ctx.services.sessions.forgetUser(user.id)
      return ctx.services.bus.publish('USER_CHANGED', { userId: user.id, reason: 'deleted' })
    })
    return profile?.photoKey ?? null
  })
  if (photoKey) await ctx.services.storage.delete(photoKey).catch(() => undefined)
  return true
}
