import { asc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { eventAttachments } from '#server/db/schema/index.ts'
import { signFileUrl } from '#server/storage/signed-url.ts'

export type AttachmentRow = typeof eventAttachments.$inferSelect

/** A file of an info pack, with a signed link (15 minutes). */
export interface InfoPackAttachment {
  id: string
  applicationType: string | null
  title: string
  fileName: string
  contentType: string
  size: number
  url: string
}

/** Every attachment of an event, in the order staff put them. */
export function attachmentsOfEvent(db: Db, eventId: string): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(eventAttachments)
    .where(eq(eventAttachments.eventId, eventId))
    .orderBy(asc(eventAttachments.position), asc(eventAttachments.createdAt))
}

/** An attachment as members get it: its stored key becomes a signed link. */
export function toAttachment(row: AttachmentRow, authSecret: string): InfoPackAttachment {
  return {
    id: row.id,
    applicationType: row.applicationType,
    title: row.title,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    url: signFileUrl(row.fileKey, authSecret),
  }
}
