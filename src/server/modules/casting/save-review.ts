import { and, eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { applicationReviews } from '#server/db/schema/index.ts'
import { publishChanges } from '#server/modules/applications/change-status.ts'
import { lockApplication } from '#server/modules/applications/update-application.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import type { Review } from './casting.queries.ts'

export const MAX_NOTE_LENGTH = 5000

/** Save the viewer's own score (1–5 or none) and note on an application; audited (admins). */
export async function saveReview(
  ctx: RequestContext,
  input: { applicationId: string; score: number | null; note: string },
): Promise<Review> {
  const viewer = authorize(ctx.actor, 'admin.general')
  if (input.score !== null && (!Number.isInteger(input.score) || input.score < 1 || input.score > 5)) {
    throw new AppError('VALIDATION', 'A score is a whole number from 1 to 5.', {
      fields: [{ path: 'score', message: 'A score is a whole number from 1 to 5.' }],
    })
  }
  const note = input.note.trim()
  if (note.length > MAX_NOTE_LENGTH) {
    throw new AppError('VALIDATION', `Keep the note under ${MAX_NOTE_LENGTH} characters.`, {
      fields: [{ path: 'note', message: `Keep the note under ${MAX_NOTE_LENGTH} characters.` }],
    })
  }
  const review = await withTx(ctx, async (tx, afterCommit) => {
    const row = await lockApplication(tx, input.applicationId)
    const [before] = await tx
      .select()
      .from(applicationReviews)
      .where(and(eq(applicationReviews.applicationId, row.id), eq(applicationReviews.reviewerId, viewer.id)))
    const now = ctx.now()
    const [saved] = await tx
      .insert(applicationReviews)
      .values({ applicationId: row.id, reviewerId: viewer.id, score: input.score, note, updatedAt: now })
      .onConflictDoUpdate({
        target: [applicationReviews.applicationId, applicationReviews.reviewerId],
        set: { score: input.score, note, updatedAt: now },
      })
      .returning()
    await auditChange(tx, ctx, {
      action: 'application.review',
      entityType: 'application',
      entityId: row.id,
      before: before ? { score: before.score, note: before.note } : null,
      after: { score: saved!.score, note: saved!.note },
    })
    // NOTE: a review does not change the application's version (it is not an edit of the
    // application), but other admins' lists still want the new average: publish the row as it is.
    afterCommit(() => publishChanges(ctx.services.bus, [row]))
    return saved!
  })
  return { ...review, reviewerName: viewer.name }
}
