import { draftSchema, MAX_DRAFT_BYTES } from '#core/applications/application.schemas.ts'
import { AppError } from '#core/errors.ts'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { signupClosedReason } from '#core/events/signup.ts'
import type { RequestContext } from '#server/context.ts'
import { applicationDrafts } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authenticate, validationError } from '#server/modules/shared/guards.ts'
import { closedError } from './application-form-input.ts'
import { existingApplication } from './applications.queries.ts'

/** Autosave what the member has typed so far (size-capped; checked properly on submit). Returns when. */
export async function saveApplicationDraft(
  ctx: RequestContext,
  input: { eventSlug: string; type: string; data?: unknown },
): Promise<Date> {
  const member = authenticate(ctx.actor)
  const { db } = ctx.services
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const reason = signupClosedReason(
    { ...event, eventConfig: parseEventConfig(event.eventConfig) },
    input.type,
    ctx.now(),
  )
  if (reason) throw closedError(reason)
  if (JSON.stringify(input.data ?? null).length > MAX_DRAFT_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'This draft is too large to save. Shorten your answers.')
  }
  const parsed = draftSchema.safeParse(input.data)
  if (!parsed.success) throw validationError(parsed.error.issues)
  if (await existingApplication(db, member.id, event.id, input.type)) {
    throw new AppError('CONFLICT', 'You have already applied. Edit your answers from My applications.')
  }
  const updatedAt = ctx.now()
  await db
    .insert(applicationDrafts)
    .values({
      userId: member.id,
      eventId: event.id,
      applicationType: input.type,
      data: parsed.data,
      updatedAt,
    })
    .onConflictDoUpdate({
      target: [applicationDrafts.userId, applicationDrafts.eventId, applicationDrafts.applicationType],
      set: { data: parsed.data, updatedAt },
    })
  return updatedAt
}
