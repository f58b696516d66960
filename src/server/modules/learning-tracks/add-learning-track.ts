import { and, eq, isNull } from 'drizzle-orm'
import { can } from '#core/auth/policies.ts'
import { AppError } from '#core/errors.ts'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { normalizeContentType } from '#core/files/upload-rules.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import { eventNumbers, learningTracks } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { findUploads } from '#server/storage/uploads.ts'
import { toTrackView, type LearningTrackView } from './learning-track-view.ts'

/** `uploads/audio/<uuid>-Hallelujah_alto.mp3` → `Hallelujah_alto.mp3`. */
export function displayName(key: string): string {
  const last = key.split('/').pop() ?? key
  return last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, '')
}

/** The upload's audit row: made by an admin, for audio, and still audio by what was sniffed. */
async function audioUpload(db: Db, fileKey: string): Promise<{ contentType: string; size: number }> {
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

/**
 * Attach an uploaded audio file to a number and part (null: everyone), replacing the track already
 * there (its file is deleted once the replacement has committed). The file must be an audio upload
 * made by an admin (the upload's audit row says who and what the server sniffed). Admins.
 */
export async function addLearningTrack(
  ctx: RequestContext,
  input: {
    eventSlug: string
    numberId: string
    part: string | null
    fileKey: string
    fileName: string | null
  },
): Promise<LearningTrackView> {
  const actor = authorize(ctx.actor, 'admin.general')
  const { db, storage, config: appConfig } = ctx.services
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const number = await db.query.eventNumbers.findFirst({
    where: and(eq(eventNumbers.id, input.numberId), eq(eventNumbers.eventId, event.id)),
  })
  if (!number) throw new AppError('NOT_FOUND', 'That number is not part of this event.')
  const { parts } = parseEventConfig(event.eventConfig)
  const part = input.part?.trim() || null
  if (part !== null && !parts.includes(part)) {
    throw new AppError('VALIDATION', `"${part}" is not one of this event's parts.`, {
      fields: [{ path: 'part', message: `Choose one of: ${parts.join(', ') || 'no parts yet'}.` }],
    })
  }
  const upload = await audioUpload(db, input.fileKey)
  const object = await storage.stat(input.fileKey)
  if (!object) throw new AppError('NOT_FOUND', 'That upload is gone. Upload the file again.')

  const fileName = input.fileName?.trim() || displayName(input.fileKey)
  const { row, old } = await withTx(ctx, async (tx) => {
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
        uploadedBy: actor.id,
      })
      .returning()
    await auditChange(tx, ctx, {
      action: old ? 'learningTrack.replace' : 'learningTrack.add',
      entityType: 'learningTrack',
      entityId: row!.id,
      before: old ?? null,
      after: row,
    })
    return { row: row!, old }
  })
  // The row is gone either way; a file left behind costs space, not correctness.
  if (old && old.fileKey !== input.fileKey) await storage.delete(old.fileKey).catch(() => {})
  return toTrackView(row, appConfig.authSecret)
}
