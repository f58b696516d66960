import { eq, sql } from 'drizzle-orm'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { eventAttachments } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import { findUploads } from '#server/storage/uploads.ts'
import { toAttachment, type InfoPackAttachment } from './event-attachments.queries.ts'

const invalid = (message: string, path: string) => validationError([{ path: [path], message }])

/** `uploads/document/<uuid>-<name>` → `<name>`. */
function fileNameOf(key: string): string {
  const last = key.split('/').pop() ?? key
  return last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, '') || last
}

/**
 * Attach an uploaded document to the info pack (of one application type, or all). The file must
 * have been uploaded through POST /api/files with purpose `document` (its audit row proves it).
 */
export async function addEventAttachment(
  ctx: RequestContext,
  input: { eventSlug: string; applicationType: string | null; title: string; fileKey: string },
): Promise<InfoPackAttachment> {
  const actor = authorize(ctx.actor, 'admin.general')
  const { db, storage, config } = ctx.services
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const title = input.title.trim()
  if (!title || title.length > 200)
    throw invalid('Give the attachment a title (at most 200 characters).', 'title')
  if (
    input.applicationType &&
    !(input.applicationType in parseEventConfig(event.eventConfig).applicationTypes)
  )
    throw invalid(`The event has no application type "${input.applicationType}".`, 'applicationType')
  if (!input.fileKey.startsWith('uploads/document/'))
    throw invalid('Upload the file as a document (PDF) first.', 'fileKey')
  const [uploaded] = await findUploads(db, [input.fileKey])
  const object = uploaded ? await storage.stat(input.fileKey) : null
  if (!object) throw invalid('That file was not uploaded, or has been removed. Upload it again.', 'fileKey')
  const row = await withTx(ctx, async (tx) => {
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${eventAttachments.position}) + 1, 0)::int` })
      .from(eventAttachments)
      .where(eq(eventAttachments.eventId, event.id))
    const [inserted] = await tx
      .insert(eventAttachments)
      .values({
        eventId: event.id,
        applicationType: input.applicationType || null,
        title,
        fileKey: object.key,
        fileName: fileNameOf(object.key),
        contentType: object.contentType,
        size: object.size,
        position: next,
        uploadedBy: actor.id,
      })
      .returning()
    await auditChange(tx, ctx, {
      action: 'event.attachment.add',
      entityType: 'event',
      entityId: event.id,
      after: inserted,
    })
    return inserted!
  })
  return toAttachment(row, config.authSecret)
}
