import { eq } from 'drizzle-orm'
import { answersSchema } from '#core/applications/application.schemas.ts'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { applications, profiles, users } from '#server/db/schema/index.ts'
import { typesOf } from '#server/modules/applications/application-types.ts'
import { publishChanges } from '#server/modules/applications/change-status.ts'
import type { ApplicationRow } from '#server/modules/applications/update-application.ts'
import { queueStatusEmail } from '#server/modules/email-templates/application-email.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize, isUniqueViolation, validationError } from '#server/modules/shared/guards.ts'

export interface AddLateApplicationInput {
  eventSlug: string
  userEmail: string
  type: string
  /** Answers to the type's questions (checked against them when given). */
  answers?: unknown
  /** Send the member the usual confirmation email (default true). */
  notify?: boolean
}

function parseAnswers(questions: Parameters<typeof answersSchema>[0], answers: unknown) {
  if (answers === undefined || answers === null) return {}
  // NOTE: the schema drops empty answers itself, so optional questions may be left blank.
  const parsed = answersSchema(questions).safeParse(answers)
  if (!parsed.success) {
    throw validationError(parsed.error.issues.map((i) => ({ ...i, path: ['answers', ...i.path] })))
  }
  return parsed.data as Record<string, unknown>
}

/**
 * Add an application for a member after the deadline or to a closed type (admins). Answers, when
 * given, are checked against the type's questions; the member gets the usual confirmation email.
 */
export async function addLateApplication(
  ctx: RequestContext,
  input: AddLateApplicationInput,
): Promise<ApplicationRow> {
  authorize(ctx.actor, 'admin.general')
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const typeConfig = typesOf(event)[input.type]
  if (!typeConfig) {
    throw new AppError('VALIDATION', `No application type "${input.type}".`, {
      fields: [{ path: 'type', message: 'Choose one of the event’s application types.' }],
    })
  }
  const answers = parseAnswers(typeConfig.questions ?? [], input.answers)
  const email = input.userEmail.trim().toLowerCase()
  const [member] = await ctx.services.db
    .select({ id: users.id, email: users.email, slug: profiles.slug })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email))
  if (!member) throw new AppError('NOT_FOUND', `No member with the email ${email}.`)
  const base = (member.slug ?? member.email.split('@')[0]!)
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
  try {
    return await withTx(ctx, async (tx, afterCommit) => {
      const [inserted] = await tx
        .insert(applications)
        .values({
          eventId: event.id,
          userId: member.id,
          applicationType: input.type,
          slug: `${base || 'member'}-${input.type}`,
          answers,
        })
        .returning()
      const row = inserted!
      await auditChange(tx, ctx, {
        action: 'application.add-late',
        entityType: 'application',
        entityId: row.id,
        after: { status: row.status, applicationType: input.type, userId: member.id },
      })
      if (input.notify ?? true) await queueStatusEmail(ctx, tx, row, 'application.submitted')
      afterCommit(() => publishChanges(ctx.services.bus, [row]))
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'That member already has an application of this type for this event.')
    }
    throw error
  }
}
