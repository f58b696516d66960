import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import type { Announcement } from '#server/realtime/topics.ts'

const announcementSchema = z.object({
  message: z.string().trim().min(1, 'Write a message.').max(500, 'Keep it under 500 characters.'),
})

/** Send a site-wide notice to everyone connected, on any app process; audit-logged. */
export async function publishAnnouncement(ctx: RequestContext, message: string): Promise<Announcement> {
  const actor = authorize(ctx.actor, 'admin.announce')
  const parsed = announcementSchema.safeParse({ message })
  if (!parsed.success) throw validationError(parsed.error.issues)
  const announcement: Announcement = {
    id: randomUUID(),
    message: parsed.data.message,
    createdAt: ctx.now().toISOString(),
    authorName: actor.name,
  }
  return withTx(ctx, async (tx, afterCommit) => {
    await auditChange(tx, ctx, {
      action: 'announcement.publish',
      entityType: 'announcement',
      entityId: announcement.id,
      after: announcement,
    })
    afterCommit(() => ctx.services.bus.publish('ANNOUNCEMENTS', announcement))
    return announcement
  })
}
