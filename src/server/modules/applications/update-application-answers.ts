import { eq } from 'drizzle-orm'
import { canEditAnswers } from '#core/applications/status.ts'
import { AppError } from '#core/errors.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { events } from '#server/db/schema/index.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import { checkFiles, parseForm } from './application-form-input.ts'
import { ownApplication, typeConfig } from './applications.queries.ts'
import { publishChanges } from './change-status.ts'
import { saveProfileEssentials } from './save-profile-essentials.ts'
import { updateApplication, type ApplicationRow } from './update-application.ts'

export interface UpdateApplicationAnswersInput {
  id: string
  /** The version the member's screen showed. */
  expectedVersion: number
  profile?: unknown
  answers?: unknown
}

/** Change the answers (and profile essentials) of one's own SUBMITTED application before the deadline. */
export async function updateApplicationAnswers(
  ctx: RequestContext,
  input: UpdateApplicationAnswersInput,
): Promise<ApplicationRow> {
  const member = authenticate(ctx.actor)
  const current = await ownApplication(ctx, member, input.id)
  const [event] = await ctx.services.db.select().from(events).where(eq(events.id, current.eventId))
  const questions = typeConfig(event!, current.applicationType)?.questions ?? []
  return withTx(ctx, async (tx, afterCommit) => {
    const { after } = await updateApplication(ctx, tx, {
      applicationId: input.id,
      expectedVersion: input.expectedVersion,
      staleMessage: 'This application changed meanwhile. Reload to see the latest version.',
      check: (before) => {
        if (!canEditAnswers(before, event!, ctx.now())) {
          throw new AppError(
            'CONFLICT',
            before.status === 'SUBMITTED'
              ? 'The signup deadline has passed, so the answers can no longer be changed.'
              : 'Answers can only be changed while the application is submitted.',
          )
        }
      },
      changes: async () => {
        const form = parseForm(questions, input.profile, input.answers)
        await checkFiles(tx, member, questions, form.answers)
        await saveProfileEssentials(ctx, tx, member, form.profile)
        return { answers: form.answers }
      },
      audit: {
        action: 'application.update',
        view: (row) => ({ answers: row.answers, version: row.version }),
      },
    })
    afterCommit(() => publishChanges(ctx.services.bus, [after]))
    return after
  })
}
