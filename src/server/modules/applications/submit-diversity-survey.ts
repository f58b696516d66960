import { diversityAnswersSchema } from '#core/applications/diversity.ts'
import { AppError } from '#core/errors.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { diversityResponses, diversitySubmissions } from '#server/db/schema/index.ts'
import { authenticate, validationError } from '#server/modules/shared/guards.ts'
import { ownApplication } from './applications.queries.ts'
import type { ApplicationRow } from './update-application.ts'

/**
 * Answer the diversity survey of one's own application, once. The answers go into a row with only
 * the event's id: nothing links them back to the member or the application.
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
    await tx.insert(diversityResponses).values({ eventId: application.eventId, answers: clean })
  })
  return application
}
