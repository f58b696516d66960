import { createContextCache } from '@pothos/core'
import DataLoader from 'dataloader'
import { and, eq, inArray } from 'drizzle-orm'
import { can } from '#core/auth/policies.ts'
import { AppError } from '#core/errors.ts'
import { parseEventConfig, type ApplicationTypeConfig } from '#core/events/event-config.schemas.ts'
import { SIGNUP_CLOSED_MESSAGES, signupClosedReason, type SignupClosedReason } from '#core/events/signup.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import {
  applicationDrafts,
  applications,
  diversitySubmissions,
  profiles,
  users,
  type events,
} from '#server/db/schema/index.ts'
import { MAX_PAGE_SIZE, pageSize } from '#server/graphql/limits.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import type { ApplicationRow } from './update-application.ts'

type EventRow = typeof events.$inferSelect

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** NOT_FOUND unless every id is a uuid (anything else cannot name an application). */
export function requireApplicationIds(ids: readonly string[]): void {
  if (ids.some((id) => !UUID.test(id))) throw new AppError('NOT_FOUND', 'No such application.')
}

/** An application by id; undefined when there is none (or the id is not a uuid). */
export async function findApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  // Not a uuid: nothing to find (and no database error to mask).
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
  const [row] = await db.select().from(applications).where(eq(applications.id, id))
  return row
}

/** One application: its owner's, or anyone's for a committee member with admin.general; else NOT_FOUND. */
export async function readableApplication(ctx: RequestContext, id: string): Promise<ApplicationRow> {
  const viewer = authenticate(ctx.actor)
  const row = await findApplication(ctx.services.db, id)
  if (!row || (row.userId !== viewer.id && !can(viewer, 'admin.general'))) {
    throw new AppError('NOT_FOUND', 'No such application.')
  }
  return row
}

/** The member's own application; anyone else's is NOT_FOUND, so ids cannot be probed. */
export async function ownApplication(
  ctx: RequestContext,
  member: Viewer,
  id: string,
): Promise<ApplicationRow> {
  const row = await findApplication(ctx.services.db, id)
  if (!row || row.userId !== member.id) throw new AppError('NOT_FOUND', 'No such application.')
  return row
}

/** The signed-in member's applications, newest first, at most `limit` (at most MAX_PAGE_SIZE). */
export async function myApplications(
  ctx: RequestContext,
  input: { limit?: number | null },
): Promise<ApplicationRow[]> {
  const member = authenticate(ctx.actor)
  const rows = await ctx.services.db.select().from(applications).where(eq(applications.userId, member.id))
  return rows
    .sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime())
    .slice(0, pageSize(input.limit, { fallback: MAX_PAGE_SIZE }))
}

/** The member's application of this type to the event, if they have applied. */
export async function existingApplication(
  db: Db,
  userId: string,
  eventId: string,
  type: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.userId, userId),
        eq(applications.eventId, eventId),
        eq(applications.applicationType, type),
      ),
    )
  return row
}

/** The type's configuration, if the event has such a type. */
export function typeConfig(event: EventRow, type: string): ApplicationTypeConfig | undefined {
  const config = parseEventConfig(event.eventConfig)
  return Object.hasOwn(config.applicationTypes, type) ? config.applicationTypes[type] : undefined
}

/** What a member's profile gives the form to start from. */
export interface ProfilePrefill {
  name: string
  phone: string | null
  emergencyContact: { name: string; phone: string; relationship: string } | null
}

export interface ApplicationForm {
  event: EventRow
  type: string
  config: ApplicationTypeConfig
  closedReason: SignupClosedReason | null
  profile: ProfilePrefill
  draft: { profile?: Record<string, unknown>; answers: Record<string, unknown> } | null
  application: ApplicationRow | null
}

async function prefill(db: Db, member: Viewer): Promise<ProfilePrefill> {
  const [row] = await db
    .select({
      name: users.name,
      preferredName: profiles.preferredName,
      phone: profiles.phone,
      emergencyContact: profiles.emergencyContact,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, member.id))
  return {
    name: row?.preferredName || row?.name || member.name,
    phone: row?.phone ?? null,
    emergencyContact: row?.emergencyContact ?? null,
  }
}

/** Everything the application form needs: the type's questions, whether it is open, prefill, draft. */
export async function applicationForm(
  ctx: RequestContext,
  input: { eventSlug: string; type: string },
): Promise<ApplicationForm> {
  const member = authenticate(ctx.actor)
  const { db } = ctx.services
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const config = typeConfig(event, input.type)
  if (!config) throw new AppError('NOT_FOUND', SIGNUP_CLOSED_MESSAGES.NO_SUCH_TYPE)
  const [draft] = await db
    .select()
    .from(applicationDrafts)
    .where(
      and(
        eq(applicationDrafts.userId, member.id),
        eq(applicationDrafts.eventId, event.id),
        eq(applicationDrafts.applicationType, input.type),
      ),
    )
  return {
    event,
    type: input.type,
    config,
    closedReason: signupClosedReason(
      { ...event, eventConfig: parseEventConfig(event.eventConfig) },
      input.type,
      ctx.now(),
    ),
    profile: await prefill(db, member),
    draft: draft?.data ?? null,
    application: (await existingApplication(db, member.id, event.id, input.type)) ?? null,
  }
}

/** Per request, whether the diversity survey of each application was answered, in batches. */
const diversityAnsweredLoader = createContextCache(
  (ctx: RequestContext) =>
    new DataLoader<string, boolean>(async (ids) => {
      const rows = await ctx.services.db
        .select({ applicationId: diversitySubmissions.applicationId })
        .from(diversitySubmissions)
        .where(inArray(diversitySubmissions.applicationId, [...ids]))
      const answered = new Set(rows.map((r) => r.applicationId))
      return ids.map((id) => answered.has(id))
    }),
)

/** Whether the diversity survey of an application has been answered (batched per request). */
export const diversityAnswered = (ctx: RequestContext, applicationId: string) =>
  diversityAnsweredLoader(ctx).load(applicationId)
