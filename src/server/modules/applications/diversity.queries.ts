import { and, eq } from 'drizzle-orm'
import { DIVERSITY_QUESTIONS, diversityReport, type DiversityQuestion } from '#core/applications/diversity.ts'
import type { RequestContext } from '#server/context.ts'
import { applications, diversityResponses, type events } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authenticate, authorize } from '#server/modules/shared/guards.ts'
import type { ApplicationRow } from './update-application.ts'

type EventRow = typeof events.$inferSelect

export interface DiversitySurvey {
  event: EventRow
  questions: readonly DiversityQuestion[]
  applications: ApplicationRow[]
}

export type DiversityReport = { event: EventRow } & ReturnType<typeof diversityReport>

/** The survey's questions and the member's applications to the event (answered or not). */
export async function diversitySurvey(
  ctx: RequestContext,
  input: { eventSlug: string },
): Promise<DiversitySurvey> {
  const member = authenticate(ctx.actor)
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const rows = await ctx.services.db
    .select()
    .from(applications)
    .where(and(eq(applications.userId, member.id), eq(applications.eventId, event.id)))
  return { event, questions: DIVERSITY_QUESTIONS, applications: rows }
}

/**
 * The event's survey in aggregate (admin.general): the published responses only (whole batches,
 * core `completesBatch`), counts under disclosure control (1–4 as "<5", no cell of 100 %).
 */
export async function eventDiversityReport(
  ctx: RequestContext,
  input: { eventSlug: string },
): Promise<DiversityReport> {
  authorize(ctx.actor, 'admin.general')
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const rows = await ctx.services.db
    .select({ answers: diversityResponses.answers })
    .from(diversityResponses)
    .where(and(eq(diversityResponses.eventId, event.id), eq(diversityResponses.published, true)))
  return { event, ...diversityReport(rows.map((r) => r.answers)) }
}
