import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { parse as parseCsv } from 'csv-parse/sync'
import { can } from '#core/auth/policies.ts'
import type { ApplicationStatus } from '#core/applications/status.ts'
import { AppError } from '#core/errors.ts'
import { parseEventConfig, type EventConfig } from '#core/events/event-config.schemas.ts'
import { canSeeEvent, visibleVisibilities } from '#core/events/policies.ts'
import {
  CAST_STATUSES,
  memberSidebar,
  type NavApplication,
  type SidebarSection,
} from '#core/navigation/member-nav.ts'
import { grantingApplication, type ParticipantPage } from '#core/participants/access.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { renderMarkdown } from '#server/content/markdown.ts'
import type { Db } from '#server/db/client.ts'
import {
  applications,
  eventAttachments,
  eventNumbers,
  events,
  partBreakdownCells,
  profiles,
  users,
} from '#server/db/schema/index.ts'
import type { EventsService } from '#server/modules/events/events.service.ts'
import { signFileUrl } from '#server/storage/signed-url.ts'
import type { Storage } from '#server/storage/storage.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { findUploads } from '#server/storage/uploads.ts'

type EventRow = typeof events.$inferSelect
type ApplicationRow = typeof applications.$inferSelect
type AttachmentRow = typeof eventAttachments.$inferSelect

interface Deps {
  db: Db
  storage: Storage
  events: EventsService
  authSecret: string
}

interface Actor {
  actor: Viewer | null
  requestId?: string
}

/** A synthetic member for the admin sandbox: nothing is written. */
export interface ParticipantPreview {
  applicationType: string
  status: ApplicationStatus
}

export interface PageOptions {
  preview?: ParticipantPreview | null
  now?: Date
}

/** Who may see a page of an event and as which application (null for an admin outside preview). */
interface Access {
  event: EventRow
  config: EventConfig
  application: { applicationType: string; part: string | null } | null
  preview: boolean
}

export interface InfoPackAttachment {
  id: string
  applicationType: string | null
  title: string
  fileName: string
  contentType: string
  size: number
  url: string
}

export interface InfoPack {
  eventSlug: string
  eventTitle: string
  applicationType: string | null
  applicationTypeLabel: string | null
  html: string | null
  attachments: InfoPackAttachment[]
}

export interface VenueAccess {
  eventSlug: string
  eventTitle: string
  venue: string
  mapUrl: string | null
  html: string | null
  startDate: Date
  endDate: Date
}

export interface Person {
  name: string
  pronouns: string | null
}

// NOTE: lists are flat (no list inside a list): the cost limit counts a nested list as 100 × 100.

export interface CastList {
  eventSlug: string
  eventTitle: string
  /** The parts that have members, in order: the event's parts, then any others. */
  parts: string[]
  /** Sorted by part (as `parts`, then unassigned) and name. */
  members: (Person & { part: string | null })[]
}

export interface BreakdownNumber {
  id: string
  position: number
  label: string
  title: string
}

export interface BreakdownCell {
  numberId: string
  part: string
  note: string
}

export interface PartBreakdown {
  eventSlug: string
  eventTitle: string
  parts: string[]
  numbers: BreakdownNumber[]
  cells: BreakdownCell[]
  ownPart: string | null
}

export interface ContentPage {
  eventSlug: string
  eventTitle: string
  html: string | null
}

export interface SocialList {
  signedIn: boolean
  optIn: boolean | null
  events: { slug: string; title: string; venue: string; startDate: Date; endDate: Date }[]
  /** Empty for anonymous viewers: who is going is for signed-in members only. */
  going: (Person & { eventSlug: string })[]
}

export interface SandboxNavItem {
  /** Index of the sidebar section (0: the top one). */
  section: number
  sectionTitle: string | null
  key: string
  label: string
  to: string
}

export interface NumberInput {
  id?: string | null
  label: string
  title: string
}

const MAX_NUMBERS = 500
const MAX_CSV_CHARS = 200_000

/** The same answer for "no such event", "not released" and "not yours": nothing to tell apart. */
const notFound = () => new AppError('NOT_FOUND', 'There is no such page, or it is not available to you yet.')

/** An OpenStreetMap search for the venue: no API key, works for any address staff type. */
export function mapUrlFor(venue: string): string | null {
  const query = venue.trim()
  return query ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}` : null
}

function markdownOrNull(markdown: string | undefined): string | null {
  return markdown?.trim() ? renderMarkdown(markdown) : null
}

function navEvent(event: EventRow, config: EventConfig): NavApplication['event'] {
  return {
    slug: event.slug,
    type: event.type,
    title: event.title,
    showName: event.showName,
    startDate: event.startDate,
    endDate: event.endDate,
    signupDeadline: event.signupDeadline,
    eventConfig: { permissions: config.permissions, paymentLines: config.paymentLines },
  }
}

type NavWithPart = NavApplication & { part: string | null }

/** An application row with its event, as the navigation rules read it. */
export function toNavApplication(
  row: ApplicationRow,
  event: EventRow,
  config: EventConfig = parseEventConfig(event.eventConfig),
): NavWithPart {
  return {
    id: row.id,
    applicationType: row.applicationType,
    status: row.status,
    updatedAt: row.updatedAt,
    part: row.part,
    event: navEvent(event, config),
  }
}

function synthetic(
  event: EventRow,
  config: EventConfig,
  preview: ParticipantPreview,
  now: Date,
): NavWithPart {
  return {
    id: 'preview',
    applicationType: preview.applicationType,
    status: preview.status,
    updatedAt: now,
    part: null,
    event: navEvent(event, config),
  }
}

function validation(message: string, path = 'input'): AppError {
  return new AppError('VALIDATION', message, { fields: [{ path, message }] })
}

function attachmentOut(row: AttachmentRow, secret: string): InfoPackAttachment {
  return {
    id: row.id,
    applicationType: row.applicationType,
    title: row.title,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    url: signFileUrl(row.fileKey, secret),
  }
}

/** `uploads/document/<uuid>-<name>` → `<name>`. */
function fileNameOf(key: string): string {
  const last = key.split('/').pop() ?? key
  return last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, '') || last
}

/**
 * Participant material (issue 7): info packs, venue access, cast list, part breakdown, social links,
 * the social list, ticket-sales and refund pages, and the admin sandbox. Every member page is guarded
 * by `grantingApplication` (core/participants/access.ts), which is defined by the sidebar's own rules:
 * a member gets a page's data exactly when the sidebar shows its item; anyone else gets NOT_FOUND.
 * Admins (admin.general) see every page, and may preview one as a synthetic member.
 */
export function createParticipantsService(deps: Deps) {
  const { db, storage, authSecret } = deps

  async function loadEvent(slug: string): Promise<{ event: EventRow; config: EventConfig } | null> {
    const event = await deps.events.findBySlug(slug)
    return event ? { event, config: parseEventConfig(event.eventConfig) } : null
  }

  /** For admin pages: the event (old slugs followed) and its config, or NOT_FOUND by name. */
  async function requireEvent(slug: string): Promise<{ event: EventRow; config: EventConfig }> {
    const loaded = await loadEvent(slug)
    if (!loaded) throw new AppError('NOT_FOUND', `No event called "${slug}".`)
    return loaded
  }

  /** The gate of every member page. */
  async function access(
    viewer: Viewer | null,
    eventSlug: string,
    page: ParticipantPage,
    options: PageOptions & { applicationType?: string | null },
  ): Promise<Access> {
    const now = options.now ?? new Date()
    if (options.preview) {
      if (!can(viewer, 'admin.general'))
        throw new AppError('FORBIDDEN', 'Only event admins can preview pages as another member.')
      const loaded = await loadEvent(eventSlug)
      if (!loaded) throw notFound()
      const member = synthetic(loaded.event, loaded.config, options.preview, now)
      // The same function the real members go through, against the synthetic application.
      if (!grantingApplication(page, [member], now, options.applicationType)) throw notFound()
      return {
        ...loaded,
        application: { applicationType: member.applicationType, part: null },
        preview: true,
      }
    }
    if (!viewer) throw notFound()
    const loaded = await loadEvent(eventSlug)
    if (!loaded) throw notFound()
    const { event, config } = loaded
    const rows = await db
      .select()
      .from(applications)
      .where(and(eq(applications.eventId, event.id), eq(applications.userId, viewer.id)))
    const own = rows.map((r) => toNavApplication(r, event, config))
    const granted = grantingApplication(page, own, now, options.applicationType)
    if (granted && canSeeEvent(viewer, event)) {
      return {
        event,
        config,
        application: { applicationType: granted.applicationType, part: granted.part },
        preview: false,
      }
    }
    if (can(viewer, 'admin.general')) {
      const mine = own.find((a) => a.part) ?? null
      return {
        event,
        config,
        application: mine ? { applicationType: mine.applicationType, part: mine.part } : null,
        preview: false,
      }
    }
    throw notFound()
  }

  async function attachmentsFor(eventId: string, applicationType: string | null): Promise<AttachmentRow[]> {
    const rows = await db
      .select()
      .from(eventAttachments)
      .where(eq(eventAttachments.eventId, eventId))
      .orderBy(asc(eventAttachments.position), asc(eventAttachments.createdAt))
    return rows.filter((r) => r.applicationType === null || r.applicationType === applicationType)
  }

  async function people(userIds: string[]): Promise<Map<string, Person & { optIn: boolean }>> {
    if (userIds.length === 0) return new Map()
    const rows = await db
      .select({
        id: users.id,
        name: users.name,
        preferredName: profiles.preferredName,
        pronouns: profiles.pronouns,
        optIn: profiles.socialListOptIn,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(inArray(users.id, userIds))
    return new Map(
      rows.map((r) => [
        r.id,
        {
          name: r.preferredName?.trim() || r.name,
          pronouns: r.pronouns?.trim() || null,
          optIn: r.optIn ?? false,
        },
      ]),
    )
  }

  /** The event's numbers in running order, and every cell of them. */
  async function numbersWithCells(executor: Db, eventId: string) {
    const numbers = await executor
      .select()
      .from(eventNumbers)
      .where(eq(eventNumbers.eventId, eventId))
      .orderBy(asc(eventNumbers.position))
    const cells = numbers.length
      ? await executor
          .select()
          .from(partBreakdownCells)
          .where(
            inArray(
              partBreakdownCells.numberId,
              numbers.map((n) => n.id),
            ),
          )
      : []
    return { numbers, cells }
  }

  const byName = (a: Person, b: Person) => a.name.localeCompare(b.name)

  async function breakdown(
    event: EventRow,
    config: EventConfig,
    ownPart: string | null,
  ): Promise<PartBreakdown> {
    const { numbers, cells } = await numbersWithCells(db, event.id)
    const order = new Map(config.parts.map((p, i) => [p, i]))
    const row = new Map(numbers.map((n, i) => [n.id, i]))
    return {
      eventSlug: event.slug,
      eventTitle: event.title,
      parts: config.parts,
      ownPart,
      numbers: numbers.map((n) => ({ id: n.id, position: n.position, label: n.label, title: n.title })),
      cells: cells
        .sort(
          (a, b) =>
            row.get(a.numberId)! - row.get(b.numberId)! ||
            (order.get(a.part) ?? 999) - (order.get(b.part) ?? 999),
        )
        .map((c) => ({ numberId: c.numberId, part: c.part, note: c.note })),
    }
  }

  /** Run an admin change to the part breakdown in one transaction with its audit entry. */
  async function changeBreakdown(
    { actor, requestId }: Actor,
    eventSlug: string,
    action: string,
    mutate: (tx: Db, event: EventRow, config: EventConfig) => Promise<void>,
  ): Promise<PartBreakdown> {
    const viewer = authorize(actor, 'admin.general')
    const loaded = await requireEvent(eventSlug)
    const { event, config } = loaded
    await db.transaction(async (t) => {
      const tx = t as unknown as Db
      // Serialise changes to one event's breakdown (two admins importing at once).
      await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('update')
      const before = await snapshot(tx, event.id)
      await mutate(tx, event, config)
      const after = await snapshot(tx, event.id)
      await recordAudit(tx, {
        actorId: viewer.id,
        action,
        entityType: 'event',
        entityId: event.id,
        before,
        after,
        requestId: requestId ?? null,
      })
    })
    return breakdown(event, config, null)
  }

  async function snapshot(tx: Db, eventId: string) {
    const { numbers, cells } = await numbersWithCells(tx, eventId)
    return numbers.map((n) => ({
      id: n.id,
      label: n.label,
      title: n.title,
      cells: Object.fromEntries(cells.filter((c) => c.numberId === n.id).map((c) => [c.part, c.note])),
    }))
  }

  /**
   * Make the event's numbers exactly `wanted`, in order. A wanted number with an `id` (or, for a CSV,
   * the same label or title) keeps its row — and so its learning tracks; numbers left out are
   * removed with their cells and tracks. Returns the row id of each wanted number.
   */
  async function replaceNumbers(
    tx: Db,
    eventId: string,
    wanted: { id?: string | null; label: string; title: string }[],
  ): Promise<string[]> {
    const existing = await tx.select().from(eventNumbers).where(eq(eventNumbers.eventId, eventId))
    const known = new Set(existing.map((n) => n.id))
    for (const w of wanted) {
      if (w.id && !known.has(w.id)) throw validation(`No number with id ${w.id} in this event.`, 'numbers')
    }
    const kept = new Set(wanted.map((w) => w.id).filter((id): id is string => Boolean(id)))
    const removed = existing.filter((n) => !kept.has(n.id)).map((n) => n.id)
    if (removed.length) await tx.delete(eventNumbers).where(inArray(eventNumbers.id, removed))
    // NOTE: (event, position) is unique: park every kept row on a negative position first, so that
    // moving rows past each other never collides halfway.
    await tx
      .update(eventNumbers)
      .set({ position: sql`-1 - ${eventNumbers.position}` })
      .where(eq(eventNumbers.eventId, eventId))
    const ids: string[] = []
    for (const [index, w] of wanted.entries()) {
      if (w.id) {
        await tx
          .update(eventNumbers)
          .set({ position: index + 1, label: w.label, title: w.title })
          .where(eq(eventNumbers.id, w.id))
        ids.push(w.id)
      } else {
        const [row] = await tx
          .insert(eventNumbers)
          .values({ eventId, position: index + 1, label: w.label, title: w.title })
          .returning({ id: eventNumbers.id })
        ids.push(row!.id)
      }
    }
    return ids
  }

  function cleanNumbers(numbers: NumberInput[]): NumberInput[] {
    if (numbers.length > MAX_NUMBERS) throw validation(`At most ${MAX_NUMBERS} numbers.`, 'numbers')
    return numbers.map((n, i) => {
      const title = n.title.trim()
      const label = n.label.trim()
      if (!title) throw validation(`Number ${i + 1} needs a title.`, `numbers.${i}.title`)
      if (title.length > 200 || label.length > 20)
        throw validation(`Number ${i + 1}: the label or title is too long.`, `numbers.${i}`)
      return { id: n.id ?? null, label, title }
    })
  }

  return {
    /** The info pack of the viewer's application type (or `applicationType`), with signed attachment links. */
    async infoPack(
      viewer: Viewer | null,
      eventSlug: string,
      applicationType: string | null,
      options: PageOptions = {},
    ): Promise<InfoPack> {
      const { event, config, application } = await access(viewer, eventSlug, 'infoPack', {
        ...options,
        applicationType,
      })
      const type =
        applicationType ?? application?.applicationType ?? Object.keys(config.applicationTypes)[0] ?? null
      const attachments = await attachmentsFor(event.id, type)
      return {
        eventSlug: event.slug,
        eventTitle: event.title,
        applicationType: type,
        applicationTypeLabel: type ? (config.applicationTypes[type]?.label ?? type) : null,
        html: type ? markdownOrNull(config.content.infoPack[type]) : null,
        attachments: attachments.map((a) => attachmentOut(a, authSecret)),
      }
    },

    async venueAccess(
      viewer: Viewer | null,
      eventSlug: string,
      options: PageOptions = {},
    ): Promise<VenueAccess> {
      const { event, config } = await access(viewer, eventSlug, 'venueAccess', options)
      return {
        eventSlug: event.slug,
        eventTitle: event.title,
        venue: event.venue,
        mapUrl: mapUrlFor(event.venue),
        html: markdownOrNull(config.content.venueAccess),
        startDate: event.startDate,
        endDate: event.endDate,
      }
    },

    /** CONFIRMED and PAID participants by part: the event's parts in order, then any others, then unassigned. */
    async castList(viewer: Viewer | null, eventSlug: string, options: PageOptions = {}): Promise<CastList> {
      const { event, config } = await access(viewer, eventSlug, 'castList', options)
      const rows = await db
        .select({ userId: applications.userId, part: applications.part })
        .from(applications)
        .where(and(eq(applications.eventId, event.id), inArray(applications.status, [...CAST_STATUSES])))
      const who = await people([...new Set(rows.map((r) => r.userId))])
      const groups = new Map<string | null, Person[]>()
      for (const part of config.parts) groups.set(part, [])
      const extra = [
        ...new Set(rows.map((r) => r.part).filter((p): p is string => !!p && !config.parts.includes(p))),
      ]
      for (const part of extra.sort()) groups.set(part, [])
      for (const r of rows) {
        const person = who.get(r.userId)
        if (!person) continue
        const key = r.part ?? null
        if (!groups.has(key)) groups.set(key, [])
        groups.get(key)!.push({ name: person.name, pronouns: person.pronouns })
      }
      const filled = [...groups.entries()].filter(([, members]) => members.length > 0)
      return {
        eventSlug: event.slug,
        eventTitle: event.title,
        parts: filled.map(([part]) => part).filter((p): p is string => p !== null),
        members: filled.flatMap(([part, members]) => members.sort(byName).map((m) => ({ ...m, part }))),
      }
    },

    async partBreakdown(
      viewer: Viewer | null,
      eventSlug: string,
      options: PageOptions = {},
    ): Promise<PartBreakdown> {
      const { event, config, application } = await access(viewer, eventSlug, 'partBreakdown', options)
      return breakdown(event, config, application?.part ?? null)
    },

    async socialLinks(
      viewer: Viewer | null,
      eventSlug: string,
      options: PageOptions = {},
    ): Promise<ContentPage> {
      const { event, config } = await access(viewer, eventSlug, 'socialLinks', options)
      return {
        eventSlug: event.slug,
        eventTitle: event.title,
        html: markdownOrNull(config.content.socialLinks),
      }
    },

    /** Ticket-sales or refund content of an event: for anyone who may see the event. */
    async contentBlock(
      viewer: Viewer | null,
      eventSlug: string,
      block: 'ticketSales' | 'cancellationsAndRefunds',
    ): Promise<ContentPage> {
      const loaded = await loadEvent(eventSlug)
      if (!loaded || !canSeeEvent(viewer, loaded.event)) throw notFound()
      return {
        eventSlug: loaded.event.slug,
        eventTitle: loaded.event.title,
        html: markdownOrNull(loaded.config.content[block]),
      }
    },

    /** Upcoming socials the viewer can see; who is going (opted-in, CONFIRMED or PAID) for signed-in viewers. */
    async socialList(viewer: Viewer | null, now = new Date()): Promise<SocialList> {
      const socials = await db
        .select()
        .from(events)
        .where(
          and(
            eq(events.type, 'SOCIAL'),
            inArray(events.visibility, visibleVisibilities(viewer)),
            isNull(events.archivedAt),
            gt(events.endDate, now),
          ),
        )
        .orderBy(asc(events.startDate))
      let optIn: boolean | null = null
      const goingByEvent = new Map<string, Person[]>()
      const slugOf = new Map(socials.map((s) => [s.id, s.slug]))
      if (viewer) {
        const [mine] = await db
          .select({ optIn: profiles.socialListOptIn })
          .from(profiles)
          .where(eq(profiles.userId, viewer.id))
        optIn = mine?.optIn ?? false
        if (socials.length) {
          const rows = await db
            .select({ eventId: applications.eventId, userId: applications.userId })
            .from(applications)
            .innerJoin(profiles, eq(profiles.userId, applications.userId))
            .where(
              and(
                inArray(
                  applications.eventId,
                  socials.map((s) => s.id),
                ),
                inArray(applications.status, [...CAST_STATUSES]),
                eq(profiles.socialListOptIn, true),
              ),
            )
          const who = await people([...new Set(rows.map((r) => r.userId))])
          for (const r of rows) {
            const person = who.get(r.userId)
            if (!person) continue
            const list = goingByEvent.get(r.eventId) ?? []
            if (!list.some((p) => p.name === person.name && p.pronouns === person.pronouns))
              list.push({ name: person.name, pronouns: person.pronouns })
            goingByEvent.set(r.eventId, list)
          }
        }
      }
      return {
        signedIn: Boolean(viewer),
        optIn,
        events: socials.map((s) => ({
          slug: s.slug,
          title: s.title,
          venue: s.venue,
          startDate: s.startDate,
          endDate: s.endDate,
        })),
        going: [...goingByEvent.entries()].flatMap(([eventId, list]) =>
          list.sort(byName).map((p) => ({ ...p, eventSlug: slugOf.get(eventId)! })),
        ),
      }
    },

    /** Opt in or out of being listed as going on the social list. */
    async setSocialListOptIn({ actor, requestId }: Actor, optIn: boolean): Promise<boolean> {
      if (!actor) throw new AppError('UNAUTHENTICATED', 'Not logged in.')
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const [updated] = await tx
          .update(profiles)
          .set({ socialListOptIn: optIn, updatedAt: new Date() })
          .where(eq(profiles.userId, actor.id))
          .returning({ userId: profiles.userId })
        if (!updated) {
          // NOTE: a member with no profile yet (never applied): make a minimal one to hold the choice.
          const base =
            actor.name
              .toLowerCase()
              .normalize('NFKD')
              .replace(/[^a-z0-9]+/g, '-')
              .replace(/^-+|-+$/g, '') || 'member'
          await tx
            .insert(profiles)
            .values({
              userId: actor.id,
              slug: `${base}-${actor.id.slice(0, 8).toLowerCase()}`,
              socialListOptIn: optIn,
            })
            .onConflictDoUpdate({ target: profiles.userId, set: { socialListOptIn: optIn } })
        }
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'profile.socialListOptIn',
          entityType: 'profile',
          entityId: actor.id,
          after: { socialListOptIn: optIn },
          requestId: requestId ?? null,
        })
      })
      return optIn
    },

    /** The member sidebar of a synthetic member with one application (admin sandbox). */
    async sandboxSidebar(
      actor: Viewer | null,
      eventSlug: string,
      preview: ParticipantPreview,
      now = new Date(),
    ): Promise<SandboxNavItem[]> {
      authorize(actor, 'admin.general')
      const loaded = await requireEvent(eventSlug)
      const sections: SidebarSection[] = memberSidebar({
        signedIn: true,
        applications: [synthetic(loaded.event, loaded.config, preview, now)],
        now,
      })
      return sections.flatMap((s, section) =>
        s.items.map((i) => ({
          section,
          sectionTitle: s.title ?? null,
          key: i.key,
          label: i.label,
          to: i.to,
        })),
      )
    },

    /** Replace the event's numbers: add, rename, reorder, remove (admin). */
    setNumbers(actor: Actor, eventSlug: string, numbers: NumberInput[]): Promise<PartBreakdown> {
      authorize(actor.actor, 'admin.general')
      const clean = cleanNumbers(numbers)
      return changeBreakdown(actor, eventSlug, 'partBreakdown.numbers', async (tx, event) => {
        await replaceNumbers(tx, event.id, clean)
      })
    },

    /** Set one cell's note; an empty note clears it (the part sings as written). */
    setCell(
      actor: Actor,
      eventSlug: string,
      numberId: string,
      part: string,
      note: string,
    ): Promise<PartBreakdown> {
      authorize(actor.actor, 'admin.general')
      const text = note.trim()
      if (text.length > 200) throw validation('A note is at most 200 characters.', 'note')
      return changeBreakdown(actor, eventSlug, 'partBreakdown.cell', async (tx, event, config) => {
        if (!config.parts.includes(part))
          throw validation(
            `"${part}" is not one of this event's parts (${config.parts.join(', ') || 'none yet'}).`,
            'part',
          )
        const [number] = await tx
          .select({ id: eventNumbers.id })
          .from(eventNumbers)
          .where(and(eq(eventNumbers.id, numberId), eq(eventNumbers.eventId, event.id)))
        if (!number) throw new AppError('NOT_FOUND', 'No such number in this event.')
        if (!text) {
          await tx
            .delete(partBreakdownCells)
            .where(and(eq(partBreakdownCells.numberId, numberId), eq(partBreakdownCells.part, part)))
        } else {
          await tx
            .insert(partBreakdownCells)
            .values({ numberId, part, note: text })
            .onConflictDoUpdate({
              target: [partBreakdownCells.numberId, partBreakdownCells.part],
              set: { note: text },
            })
        }
      })
    },

    /**
     * Replace the whole part breakdown from CSV: a header `number,title,<part>,<part>…`, then one row
     * per number. All or nothing: any problem (unknown parts above all) refuses the whole file.
     */
    importCsv(actor: Actor, eventSlug: string, csv: string): Promise<PartBreakdown> {
      authorize(actor.actor, 'admin.general')
      if (csv.length > MAX_CSV_CHARS)
        throw validation('The CSV is too large (200,000 characters at most).', 'csv')
      let rows: string[][]
      try {
        rows = parseCsv(csv.replace(/^\uFEFF/, ''), {
          skip_empty_lines: true,
          trim: true,
          relax_column_count: true,
        }) as string[][]
      } catch (error) {
        throw validation(`The CSV could not be read: ${(error as Error).message}`, 'csv')
      }
      const [header, ...body] = rows
      if (!header || header[0]?.toLowerCase() !== 'number' || header[1]?.toLowerCase() !== 'title')
        throw validation('The first row must be the header: number,title,<part>,<part>…', 'csv')
      const parts = header.slice(2)
      if (parts.some((p) => !p)) throw validation('A part column in the header has no name.', 'csv')
      const dupes = parts.filter((p, i) => parts.indexOf(p) !== i)
      if (dupes.length)
        throw validation(`Parts named twice in the header: ${[...new Set(dupes)].join(', ')}.`, 'csv')
      if (body.length > MAX_NUMBERS) throw validation(`At most ${MAX_NUMBERS} numbers.`, 'csv')
      const wanted = body.map((row, i) => {
        const title = row[1] ?? ''
        if (!title) throw validation(`Row ${i + 2} has no title.`, 'csv')
        if (row.length > header.length)
          throw validation(`Row ${i + 2} has more columns than the header.`, 'csv')
        if (title.length > 200 || (row[0] ?? '').length > 20 || row.some((c) => c.length > 200))
          throw validation(`Row ${i + 2} has a value that is too long.`, 'csv')
        return { label: row[0] ?? '', title, notes: parts.map((_, j) => row[j + 2] ?? '') }
      })
      return changeBreakdown(actor, eventSlug, 'partBreakdown.import', async (tx, event, config) => {
        const unknown = parts.filter((p) => !config.parts.includes(p))
        if (unknown.length) {
          throw validation(
            `Unknown parts: ${unknown.join(', ')}. This event's parts are ${config.parts.join(', ') || 'not set yet'}; add them in the event config or fix the header.`,
            'csv',
          )
        }
        // Keep the rows (and learning tracks) of numbers whose label — or, without one, title — matches.
        const existing = await tx.select().from(eventNumbers).where(eq(eventNumbers.eventId, event.id))
        const used = new Set<string>()
        const matched = wanted.map((w) => {
          const hit = existing.find(
            (n) => !used.has(n.id) && (w.label ? n.label === w.label : !n.label && n.title === w.title),
          )
          if (hit) used.add(hit.id)
          return { id: hit?.id ?? null, label: w.label, title: w.title }
        })
        const ids = await replaceNumbers(tx, event.id, matched)
        if (ids.length) await tx.delete(partBreakdownCells).where(inArray(partBreakdownCells.numberId, ids))
        const cells = wanted.flatMap((w, i) =>
          parts.flatMap((part, j) => (w.notes[j] ? [{ numberId: ids[i]!, part, note: w.notes[j] }] : [])),
        )
        if (cells.length) await tx.insert(partBreakdownCells).values(cells)
      })
    },

    /** Every info-pack attachment of an event (admin). */
    async listAttachments(actor: Viewer | null, eventSlug: string): Promise<InfoPackAttachment[]> {
      authorize(actor, 'admin.general')
      const loaded = await requireEvent(eventSlug)
      const rows = await db
        .select()
        .from(eventAttachments)
        .where(eq(eventAttachments.eventId, loaded.event.id))
        .orderBy(asc(eventAttachments.position), asc(eventAttachments.createdAt))
      return rows.map((r) => attachmentOut(r, authSecret))
    },

    /**
     * Attach an uploaded document to the info pack (of one application type, or all). The file must
     * have been uploaded through POST /api/files with purpose `document` (its audit row proves it).
     */
    async addAttachment(
      { actor, requestId }: Actor,
      input: { eventSlug: string; applicationType: string | null; title: string; fileKey: string },
    ): Promise<InfoPackAttachment> {
      const viewer = authorize(actor, 'admin.general')
      const loaded = await requireEvent(input.eventSlug)
      const title = input.title.trim()
      if (!title || title.length > 200)
        throw validation('Give the attachment a title (at most 200 characters).', 'title')
      if (input.applicationType && !(input.applicationType in loaded.config.applicationTypes))
        throw validation(`The event has no application type "${input.applicationType}".`, 'applicationType')
      if (!input.fileKey.startsWith('uploads/document/'))
        throw validation('Upload the file as a document (PDF) first.', 'fileKey')
      const [uploaded] = await findUploads(db, [input.fileKey])
      const object = uploaded ? await storage.stat(input.fileKey) : null
      if (!object)
        throw validation('That file was not uploaded, or has been removed. Upload it again.', 'fileKey')
      const row = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const [{ next } = { next: 0 }] = await tx
          .select({ next: sql<number>`coalesce(max(${eventAttachments.position}) + 1, 0)::int` })
          .from(eventAttachments)
          .where(eq(eventAttachments.eventId, loaded.event.id))
        const [inserted] = await tx
          .insert(eventAttachments)
          .values({
            eventId: loaded.event.id,
            applicationType: input.applicationType || null,
            title,
            fileKey: object.key,
            fileName: fileNameOf(object.key),
            contentType: object.contentType,
            size: object.size,
            position: next,
            uploadedBy: viewer.id,
          })
          .returning()
        await recordAudit(tx, {
          actorId: viewer.id,
          action: 'event.attachment.add',
          entityType: 'event',
          entityId: loaded.event.id,
          after: inserted,
          requestId: requestId ?? null,
        })
        return inserted!
      })
      return attachmentOut(row, authSecret)
    },

    /** Remove an attachment (the stored file goes too). */
    async removeAttachment({ actor, requestId }: Actor, id: string): Promise<boolean> {
      const viewer = authorize(actor, 'admin.general')
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', 'No such attachment.')
      const removed = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const [row] = await tx.delete(eventAttachments).where(eq(eventAttachments.id, id)).returning()
        if (!row) throw new AppError('NOT_FOUND', 'No such attachment.')
        await recordAudit(tx, {
          actorId: viewer.id,
          action: 'event.attachment.remove',
          entityType: 'event',
          entityId: row.eventId,
          before: row,
          requestId: requestId ?? null,
        })
        return row
      })
      await storage.delete(removed.fileKey).catch(() => undefined)
      return true
    },
  }
}

export type ParticipantsService = ReturnType<typeof createParticipantsService>
