import { and, eq } from 'drizzle-orm'
import { completesBatch, diversityAnswersSchema } from '#core/applications/diversity.ts'
import { AppError } from '#core/errors.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { diversityResponses, diversitySubmissions, events } from '#server/db/schema/index.ts'
import { authenticate, validationError } from '#server/modules/shared/guards.ts'
import { ownApplication } from './applications.queries.ts'
import type { ApplicationRow } from './update-application.ts'

/**
 * Answer the diversity survey of one's own application, once. The answers go into a row with only
 * the event's id: nothing links them back to the member or the application. They wait unpublished
 * until a whole batch has arrived (core `completesBatch`), so the report moves by a batch. The
 * waiting rows are written anew with each answer, in the order of their answers, so neither a
 * row's place on disk nor the transaction that wrote it tells which answer came when.
 */
export async function submitDiversitySurvey(
  ctx: RequestContext,
  input: { applicationId: string; answers: unknown },
): Promise<ApplicationRow> {
  const member = authenticate(ctx.actor)
  const application = await ownApplication(ctx, member, input.applicationId)
  const parsed = diversityAnswersSchema.safeParse(input.answers ?? {})
  if (!parsed.success) throw validationError(parsed.error.issues)
  const clean: Record<string, string> = {}
  for (const [key, value] of Object.entries(parsed.data)) if (typeof value === 'string') clean[key] = value
  await withTx(ctx, async (tx) => {
    const [marked] = await tx
      .insert(diversitySubmissions)
      .values({ applicationId: application.id })
      .onConflictDoNothing()
      .returning()
    if (!marked) throw new AppError('CONFLICT', 'You have already answered the survey for this application.')
    // NOTE: one answer at a time per event, so two arriving together cannot both miss the batch.
    await tx.select({ id: events.id }).from(events).where(eq(events.id, application.eventId)).for('update')
    await tx.insert(diversityResponses).values({ eventId: application.eventId, answers: clean })
    const waiting = and(
      eq(diversityResponses.eventId, application.eventId),
      eq(diversityResponses.published, false),
    )
    const pending = await tx
      .delete(diversityResponses)
      .where(waiting)
      .returning({ answers: diversityResponses.answers })
    const batch = completesBatch(pending.length)
    const ordered = [...pending].sort((a, b) => compare(JSON.stringify(a.answers), JSON.stringify(b.answers)))
    await tx
      .insert(diversityResponses)
      .values(ordered.map((p) => ({ eventId: application.eventId, answers: p.answers, published: batch })))
  })
  return application
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
