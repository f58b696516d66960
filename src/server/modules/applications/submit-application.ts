import { and, eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { signupClosedReason } from '#core/events/signup.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { applicationDrafts, applications } from '#server/db/schema/index.ts'
import { queueStatusEmail } from '#server/modules/email-templates/application-email.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import { checkFiles, closedError, parseForm } from './application-form-input.ts'
import { existingApplication } from './applications.queries.ts'
import { publishChanges } from './change-status.ts'
import { saveProfileEssentials } from './save-profile-essentials.ts'
import type { ApplicationRow } from './update-application.ts'

export interface SubmitApplicationInput {
  eventSlug: string
  type: string
  /** The profile essentials (checked with `profileEssentialsSchema`). */
  profile?: unknown
  /** Answers to the type's questions, keyed by question id (checked with `answersSchema`). */
  answers?: unknown
}

/**
 * Apply: check the form, save the essentials to the profile, insert the application, drop the
 * draft, audit and queue the "we have your application" email, in one transaction. Idempotent: a
 * double click or a retried request gets the same application back (one row, one email), thanks to
 * the unique (member, event, type) index and INSERT … ON CONFLICT DO NOTHING.
 */
export async function submitApplication(
  ctx: RequestContext,
  input: SubmitApplicationInput,
): Promise<ApplicationRow> {
  const member = authenticate(ctx.actor)
  const { type } = input
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const config = parseEventConfig(event.eventConfig)
  const existing = await existingApplication(ctx.services.db, member.id, event.id, type)
  if (existing) return existing
  const reason = signupClosedReason({ ...event, eventConfig: config }, type, ctx.now())
  if (reason) throw closedError(reason)
  const questions = config.applicationTypes[type]!.questions
  const form = parseForm(questions, input.profile, input.answers)

  return withTx(ctx, async (tx, afterCommit) => {
    await checkFiles(tx, member, questions, form.answers)
    const profileSlug = await saveProfileEssentials(ctx, tx, member, form.profile)
    let inserted: ApplicationRow | undefined
    for (let attempt = 0; attempt < 3 && !inserted; attempt++) {
      const slug = attempt === 0 ? `${profileSlug}-${type}` : `${profileSlug}-${type}-${attempt + 1}`
      ;[inserted] = await tx
        .insert(applications)
        .values({
          eventId: event.id,
          userId: member.id,
          applicationType: type,
          slug,
          status: 'SUBMITTED',
          answers: form.answers,
        })
        .onConflictDoNothing()
        .returning()
      if (inserted) break
      // Another request of this member won the race: theirs is the application.
      const theirs = await existingApplication(tx, member.id, event.id, type)
      if (theirs) return theirs
      // Otherwise the slug belongs to someone else's application: try the next one.
    }
    if (!inserted) throw new AppError('CONFLICT', 'Could not save your application. Please try again.')
    await tx
      .delete(applicationDrafts)
      .where(
        and(
          eq(applicationDrafts.userId, member.id),
          eq(applicationDrafts.eventId, event.id),
          eq(applicationDrafts.applicationType, type),
        ),
      )
    await auditChange(tx, ctx, {
      action: 'application.submit',
      entityType: 'application',
      entityId: inserted.id,
      after: { status: inserted.status, applicationType: type, answers: inserted.answers },
    })
    await queueStatusEmail(ctx, tx, inserted, 'application.submitted')
    const row = inserted
    afterCommit(() => publishChanges(ctx.services.bus, [row]))
    return row
  })
}
