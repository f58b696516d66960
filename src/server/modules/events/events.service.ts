import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, gt, isNull, ne } from 'drizzle-orm'
import type { Capability } from '#core/auth/policies.ts'
import { AppError } from '#core/errors.ts'
import {
  parseEventConfig,
  permissionsSchema,
  type EventPermissions,
} from '#core/events/event-config.schemas.ts'
import { eventInputSchema, slugSchema, type EventInput } from '#core/events/event.schemas.ts'
import type { EventVisibility } from '#core/events/event.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Db } from '#server/db/client.ts'
import { eventSlugRedirects, events } from '#server/db/schema/index.ts'
import type { Bus } from '#server/realtime/bus.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import {
  authorize,
  isUniqueViolation,
  lockEventById,
  validationError,
} from '#server/modules/shared/guards.ts'

export type EventRow = typeof events.$inferSelect

export const SHOW_REVEAL_JOB = 'show.reveal'
export const SHOW_REVEALED_TOPIC = 'SHOW_REVEALED'

export interface ShowRevealed {
  eventId: string
  slug: string
  showName: string
  revealedAt: string
}

/** Published after an event's release flags change: members' sidebars refresh (myNavigationChanged). */
export const EVENT_RELEASES_CHANGED_TOPIC = 'EVENT_RELEASES_CHANGED'
export interface EventReleasesChanged {
  kind: 'releases'
  eventId: string
}

interface Deps {
  db: Db
  queue: JobQueue
  bus: Bus
}

interface Actor {
  actor: Viewer | null
  requestId?: string
}

/** Parse staff input with the shared schema; VALIDATION lists every field problem. */
export function parseEventInput(input: unknown): EventInput {
  const parsed = eventInputSchema.safeParse(input)
  if (!parsed.success) throw validationError(parsed.error.issues)
  return parsed.data
}

function auditable(row: EventRow) {
  return { ...row, eventConfig: row.eventConfig }
}

/**
 * Event configuration and show reveals (PRODUCT.md §2, §7). Every change is one transaction with its
 * audit entry (who, when, before, after).
 */
export function createEventsService(deps: Deps) {
  const { db, queue, bus } = deps

  async function change(
    { actor, requestId }: Actor,
    capability: Capability,
    id: string,
    action: string,
    mutate: (tx: Db, before: EventRow, viewer: Viewer) => Promise<Partial<typeof events.$inferInsert>>,
  ): Promise<EventRow> {
    const viewer = authorize(actor, capability)
    try {
      return await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const before = await lockEventById(tx, id)
        const patch = await mutate(tx, before, viewer)
        const [after] = await tx
          .update(events)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(events.id, id))
          .returning()
        await recordAudit(tx, {
          actorId: viewer.id,
          action,
          entityType: 'event',
          entityId: id,
          before: auditable(before),
          after: auditable(after!),
          requestId: requestId ?? null,
        })
        return after!
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'Another event already uses that slug.')
      throw error
    }
  }

  /** Schedule (or re-schedule) the durable job that announces a reveal. */
  async function scheduleRevealJob(
    tx: Db,
    event: { id: string; revealAt: Date | null; showName: string | null },
  ) {
    await queue.cancel(`show-reveal:${event.id}`, tx)
    if (event.showName && event.revealAt) {
      await queue.enqueue(
        SHOW_REVEAL_JOB,
        { eventId: event.id },
        { runAt: event.revealAt, singletonKey: `show-reveal:${event.id}`, tx },
      )
    }
  }

  queue.register<{ eventId: string }>(SHOW_REVEAL_JOB, async ({ eventId }) => {
    const event = await db.query.events.findFirst({ where: eq(events.id, eventId) })
    if (!event?.showName || !event.revealAt) return
    // Postponed since the job was queued: a new job exists for the new time.
    if (event.revealAt.getTime() > Date.now()) return
    const payload: ShowRevealed = {
      eventId: event.id,
      slug: event.slug,
      showName: event.showName,
      revealedAt: event.revealAt.toISOString(),
    }
    await bus.publish(SHOW_REVEALED_TOPIC, payload)
  })

  return {
    async listForAdmin(actor: Viewer | null, includeArchived = false): Promise<EventRow[]> {
      authorize(actor, 'admin.general')
      return db
        .select()
        .from(events)
        .where(includeArchived ? undefined : isNull(events.archivedAt))
        .orderBy(desc(events.startDate))
    },

    /** Shows with a name to reveal, soonest reveal first (the show-reveals page). */
    async listReveals(actor: Viewer | null): Promise<EventRow[]> {
      authorize(actor, 'admin.showReveals')
      return db
        .select()
        .from(events)
        .where(and(isNull(events.archivedAt), ne(events.showName, '')))
        .orderBy(asc(events.revealAt))
    },

    /** Public, upcoming, not archived: the listings. */
    async listings(now = new Date()): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .where(and(eq(events.visibility, 'public'), isNull(events.archivedAt), gt(events.endDate, now)))
        .orderBy(asc(events.startDate))
    },

    /** By slug, following an old slug to the event that had it. */
    async findBySlug(slug: string): Promise<EventRow | undefined> {
      const direct = await db.query.events.findFirst({ where: eq(events.slug, slug) })
      if (direct) return direct
      const [redirect] = await db
        .select()
        .from(eventSlugRedirects)
        .where(eq(eventSlugRedirects.oldSlug, slug))
      if (!redirect) return undefined
      return db.query.events.findFirst({ where: eq(events.id, redirect.eventId) })
    },

    async create({ actor, requestId }: Actor, input: unknown): Promise<EventRow> {
      const viewer = authorize(actor, 'admin.general')
      const data = parseEventInput(input)
      try {
        return await db.transaction(async (t) => {
          const tx = t as unknown as Db
          await tx.delete(eventSlugRedirects).where(eq(eventSlugRedirects.oldSlug, data.slug))
          const [row] = await tx
            .insert(events)
            .values({ ...data, revealAt: null })
            .returning()
          await recordAudit(tx, {
            actorId: viewer.id,
            action: 'event.create',
            entityType: 'event',
            entityId: row!.id,
            after: auditable(row!),
            requestId: requestId ?? null,
          })
          return row!
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'Another event already uses that slug.')
        throw error
      }
    },

    /** Replace an event's editable fields; a new slug leaves the old one redirecting. */
    async update(actor: Actor, id: string, input: unknown): Promise<EventRow> {
      // Who may ask is checked before what they asked, so refusals never leak validation detail.
      authorize(actor.actor, 'admin.general')
      const data = parseEventInput(input)
      const row = await change(actor, 'admin.general', id, 'event.update', async (tx, before) => {
        if (data.slug !== before.slug) {
          await tx.delete(eventSlugRedirects).where(eq(eventSlugRedirects.oldSlug, data.slug))
          await tx
            .insert(eventSlugRedirects)
            .values({ oldSlug: before.slug, eventId: id })
            .onConflictDoUpdate({ target: eventSlugRedirects.oldSlug, set: { eventId: id } })
        }
        return data
      })
      // NOTE: a full edit can change releases, payment lines, dates or the type, all of which the
      // sidebar's rules read, so members' sidebars refresh after any edit.
      const message: EventReleasesChanged = { kind: 'releases', eventId: row.id }
      await bus.publish(EVENT_RELEASES_CHANGED_TOPIC, message)
      return row
    },

    setVisibility(actor: Actor, id: string, visibility: EventVisibility): Promise<EventRow> {
      return change(actor, 'admin.general', id, `event.visibility.${visibility}`, async () => ({
        visibility,
      }))
    },

    archive(actor: Actor, id: string): Promise<EventRow> {
      return change(actor, 'admin.general', id, 'event.archive', async (_tx, before) => {
        if (before.archivedAt) throw new AppError('CONFLICT', 'That event is already archived.')
        return { archivedAt: new Date(), visibility: 'draft' }
      })
    },

    /** Bring an archived event back to the lists, still a draft: publishing it is a separate step. */
    unarchive(actor: Actor, id: string): Promise<EventRow> {
      return change(actor, 'admin.general', id, 'event.unarchive', async (_tx, before) => {
        if (!before.archivedAt) throw new AppError('CONFLICT', 'That event is not archived.')
        return { archivedAt: null, visibility: 'draft' }
      })
    },

    /** Change release flags only (the info pack, final participant info, cast list). */
    async setReleases(actor: Actor, id: string, releases: Partial<EventPermissions>): Promise<EventRow> {
      const row = await change(actor, 'admin.general', id, 'event.releases', async (_tx, before) => {
        const config = parseEventConfig(before.eventConfig)
        const permissions = permissionsSchema.parse({ ...config.permissions, ...releases })
        return { eventConfig: { ...config, permissions } }
      })
      const message: EventReleasesChanged = { kind: 'releases', eventId: row.id }
      await bus.publish(EVENT_RELEASES_CHANGED_TOPIC, message)
      return row
    },

    /** Copy an event as a draft a year later (same weekday), e.g. from last year's sing-through. */
    async duplicate(
      { actor, requestId }: Actor,
      id: string,
      slug: string,
      title?: string,
    ): Promise<EventRow> {
      authorize(actor, 'admin.general')
      const source = await db.query.events.findFirst({ where: eq(events.id, id) })
      if (!source) throw new AppError('NOT_FOUND', 'No such event.')
      const shift = (d: Date | null) => (d ? new Date(d.getTime() + 364 * 86_400_000) : null)
      return this.create(
        { actor, ...(requestId ? { requestId } : {}) },
        {
          slug,
          type: source.type,
          title: title ?? source.title,
          showName: source.showName,
          summary: source.summary,
          description: source.description,
          venue: source.venue,
          startDate: shift(source.startDate),
          endDate: shift(source.endDate),
          signupDeadline: shift(source.signupDeadline),
          visibility: 'draft',
          audienceTypes: source.audienceTypes,
          eventConfig: {
            ...parseEventConfig(source.eventConfig),
            permissions: {
              releaseParticipantInfoPack: false,
              releaseFinalParticipantInfo: false,
              releaseCastList: false,
            },
          },
        },
      )
    },

    /** Set or move the reveal time; it must be in the future. */
    scheduleReveal(actor: Actor, id: string, revealAt: Date, now = new Date()): Promise<EventRow> {
      authorize(actor.actor, 'admin.showReveals')
      if (Number.isNaN(revealAt.getTime()) || revealAt.getTime() <= now.getTime()) {
        throw new AppError('VALIDATION', 'The reveal time must be in the future.', {
          fields: [{ path: 'revealAt', message: 'The reveal time must be in the future.' }],
        })
      }
      return change(actor, 'admin.showReveals', id, 'event.reveal.schedule', async (tx, before) => {
        if (!before.showName)
          throw new AppError('CONFLICT', 'Give the event a show name before scheduling its reveal.')
        await scheduleRevealJob(tx, { ...before, revealAt })
        return { revealAt }
      })
    },

    /** Reveal at once: the name becomes public and connected clients get it now. */
    async revealNow(actor: Actor, id: string): Promise<EventRow> {
      const row = await change(actor, 'admin.showReveals', id, 'event.reveal.now', async (tx, before) => {
        if (!before.showName) throw new AppError('CONFLICT', 'This event has no show name to reveal.')
        const revealAt = new Date()
        await scheduleRevealJob(tx, { ...before, revealAt })
        return { revealAt }
      })
      queue.wake()
      return row
    },

    slugIsValid(slug: string): boolean {
      return slugSchema.safeParse(slug).success
    },
  }
}

export type EventsService = ReturnType<typeof createEventsService>

/** A new secret for a calendar feed URL. */
export function newFeedToken(): string {
  return randomBytes(24).toString('base64url')
}
