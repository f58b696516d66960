import { and, asc, eq, isNull } from 'drizzle-orm'
import { can } from '#core/auth/policies.ts'
import { AppError } from '#core/errors.ts'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { normalizeContentType } from '#core/files/upload-rules.ts'
import { grantingApplication as grantingNavApplication } from '#core/participants/access.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Db } from '#server/db/client.ts'
import { applications, eventNumbers, events, learningTracks, profiles } from '#server/db/schema/index.ts'
import { signFileUrl } from '#server/storage/signed-url.ts'
import type { Storage } from '#server/storage/storage.ts'
import { findUploads } from '#server/storage/uploads.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { toNavApplication } from './participants.service.ts'

type EventRow = typeof events.$inferSelect
export type LearningTrackRow = typeof learningTracks.$inferSelect

// NOTE: a rehearsal at home easily outlasts the default 15-minute link, and the <audio> element asks
// for new byte ranges with the same URL on every seek: an expired link would break playback halfway.
// Four hours covers a long session; reloading the page signs fresh links.
export const TRACK_URL_TTL_SECONDS = 4 * 60 * 60

export interface LearningTrackView {
  id: string
  numberId: string
  /** Null: the track is for everyone. */
  part: string | null
  fileName: string
  contentType: string
  size: number
  /** A signed, expiring link that streams the audio with HTTP Range. */
  url: string
}

export interface LearningNumberView {
  id: string
  position: number
  label: string
  title: string
}

export interface LearningTracksView {
  eventId: string
  eventSlug: string
  eventTitle: string
  parts: string[]
  /** The viewer's part to preselect: their application's, else their profile's voice part. */
  myPart: string | null
  numbers: LearningNumberView[]
  /** Every track of the event (flat, so the query cost stays low: numbers × tracks would not). */
  tracks: LearningTrackView[]
}

export interface Actor {
  actor: Viewer | null
  requestId?: string
}

interface Deps {
  db: Db
  storage: Storage
  authSecret: string
}

const notFound = () => new AppError('NOT_FOUND', 'There is no note-bashing page for that event.')

/**
 * Learning tracks (note-bashing, issue 7 item 5): audio per number and part of an event. Members see
 * them exactly when the sidebar shows Part Breakdown (the same member-nav rule); admins always.
 */
export function createLearningTracksService(deps: Deps) {
  const { db, storage, authSecret } = deps

  async function eventBySlug(slug: string): Promise<EventRow> {
    const event = await db.query.events.findFirst({ where: eq(events.slug, slug) })
    if (!event) throw notFound()
    return event
  }

  /** The viewer's application that grants the page (core/participants: the Part Breakdown rule), if any. */
  async function grantingApplication(viewer: Viewer, event: EventRow, now: Date) {
    const rows = await db
      .select()
      .from(applications)
      .where(and(eq(applications.userId, viewer.id), eq(applications.eventId, event.id)))
      .orderBy(asc(applications.createdAt))
    const apps = rows.map((row) => ({ ...toNavApplication(row, event), row }))
    return grantingNavApplication('noteBashing', apps, now)?.row
  }

  function view(track: LearningTrackRow): LearningTrackView {
    return {
      id: track.id,
      numberId: track.numberId,
      part: track.part,
      fileName: track.fileName,
      contentType: track.contentType,
      size: track.size,
      url: signFileUrl(track.fileKey, authSecret, TRACK_URL_TTL_SECONDS),
    }
  }

  return {
    /**
     * The event's numbers in running order, each with its tracks and signed links. NOT_FOUND unless
     * the viewer may see the page (an admin, or an application the Part Breakdown rule admits).
     */
    async forViewer(viewer: Viewer | null, eventSlug: string, now = new Date()): Promise<LearningTracksView> {
      if (!viewer) throw new AppError('UNAUTHENTICATED', 'Not logged in.')
      const event = await eventBySlug(eventSlug)
      const granting = await grantingApplication(viewer, event, now)
      if (!granting && !can(viewer, 'admin.general')) throw notFound()

      const profile = await db.query.profiles.findFirst({ where: eq(profiles.userId, viewer.id) })
      const numbers = await db
        .select()
        .from(eventNumbers)
        .where(eq(eventNumbers.eventId, event.id))
        .orderBy(asc(eventNumbers.position))
      const tracks = await db
        .select()
        .from(learningTracks)
        .where(eq(learningTracks.eventId, event.id))
        .orderBy(asc(learningTracks.part))
      const config = parseEventConfig(event.eventConfig)
      return {
        eventId: event.id,
        eventSlug: event.slug,
        eventTitle: event.showName ?? event.title,
        parts: config.parts,
        myPart: granting?.part ?? profile?.voicePart ?? null,
        numbers: numbers.map((n) => ({ id: n.id, position: n.position, label: n.label, title: n.title })),
        tracks: tracks.map(view),
      }
    },

    /**
     * Attach an uploaded audio file to a number and part (null: everyone), replacing the track already
     * there (its file is deleted). The file must be an audio upload made by an admin (the upload's
     * audit row says who and what the server sniffed).
     */
    async add(
      { actor, requestId }: Actor,
      input: {
        eventSlug: string
        numberId: string
        part: string | null
        fileKey: string
        fileName?: string | null
      },
    ): Promise<LearningTrackView> {
      const viewer = authorize(actor, 'admin.general')
      const event = await eventBySlug(input.eventSlug)
      const number = await db.query.eventNumbers.findFirst({
        where: and(eq(eventNumbers.id, input.numberId), eq(eventNumbers.eventId, event.id)),
      })
      if (!number) throw new AppError('NOT_FOUND', 'That number is not part of this event.')
      const config = parseEventConfig(event.eventConfig)
      const part = input.part?.trim() || null
      if (part !== null && !config.parts.includes(part)) {
        throw new AppError('VALIDATION', `"${part}" is not one of this event's parts.`, {
          fields: [{ path: 'part', message: `Choose one of: ${config.parts.join(', ') || 'no parts yet'}.` }],
        })
      }
      const upload = await uploadOf(input.fileKey)
      const object = await storage.stat(input.fileKey)
      if (!object) throw new AppError('NOT_FOUND', 'That upload is gone. Upload the file again.')

      const fileName = input.fileName?.trim() || displayName(input.fileKey)
      const replaced = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const [old] = await tx
          .delete(learningTracks)
          .where(
            and(
              eq(learningTracks.numberId, number.id),
              part === null ? isNull(learningTracks.part) : eq(learningTracks.part, part),
            ),
          )
          .returning()
        const [row] = await tx
          .insert(learningTracks)
          .values({
            eventId: event.id,
            numberId: number.id,
            part,
            fileKey: input.fileKey,
            fileName,
            contentType: upload.contentType,
            size: object.size,
            uploadedBy: viewer.id,
          })
          .returning()
        await recordAudit(tx, {
          actorId: viewer.id,
          action: old ? 'learningTrack.replace' : 'learningTrack.add',
          entityType: 'learningTrack',
          entityId: row!.id,
          before: old ?? null,
          after: row,
          requestId: requestId ?? null,
        })
        return { row: row!, old }
      })
      if (replaced.old && replaced.old.fileKey !== input.fileKey) await deleteQuietly(replaced.old.fileKey)
      return view(replaced.row)
    },

    /** Remove a track and its file. */
    async remove({ actor, requestId }: Actor, id: string): Promise<boolean> {
      const viewer = authorize(actor, 'admin.general')
      const [row] = await db.delete(learningTracks).where(eq(learningTracks.id, id)).returning()
      if (!row) throw new AppError('NOT_FOUND', 'That track no longer exists.')
      await recordAudit(db, {
        actorId: viewer.id,
        action: 'learningTrack.remove',
        entityType: 'learningTrack',
        entityId: row.id,
        before: row,
        requestId: requestId ?? null,
      })
      await deleteQuietly(row.fileKey)
      return true
    },
  }

  /** The upload's audit row: made by an admin, for audio, and still audio by what was sniffed. */
  async function uploadOf(fileKey: string): Promise<{ contentType: string; size: number }> {
    const [upload] = await findUploads(db, [fileKey])
    if (!upload) throw new AppError('NOT_FOUND', 'There is no such upload. Upload the file first.')
    if (!can(upload.uploader, 'admin.general')) {
      throw new AppError('FORBIDDEN', 'Learning tracks must be uploaded by an admin.')
    }
    const contentType = normalizeContentType(upload.contentType)
    if (!fileKey.startsWith('uploads/audio/') || !contentType.startsWith('audio/')) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'That file is not audio. Learning tracks must be MP3, M4A, Ogg or WAV.',
      )
    }
    return { contentType, size: upload.size }
  }

  async function deleteQuietly(key: string): Promise<void> {
    // The row is gone either way; a file left behind costs space, not correctness.
    await storage.delete(key).catch(() => {})
  }
}

/** `uploads/audio/<uuid>-Hallelujah_alto.mp3` → `Hallelujah_alto.mp3`. */
export function displayName(key: string): string {
  const last = key.split('/').pop() ?? key
  return last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, '')
}

export type LearningTracksService = ReturnType<typeof createLearningTracksService>
