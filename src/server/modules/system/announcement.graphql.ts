import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import { builder } from '#server/graphql/builder.ts'
import { requireCapability } from '#server/graphql/guards.ts'

export const ANNOUNCEMENTS_TOPIC = 'announcements'

export interface Announcement {
  id: string
  message: string
  createdAt: string
  authorName: string
}

const messageSchema = z.string().trim().min(1, 'Write a message.').max(500, 'Keep it under 500 characters.')

const AnnouncementRef = builder.objectRef<Announcement>('Announcement').implement({
  description: 'A site-wide notice shown live to everyone connected (e.g. a cancelled rehearsal).',
  fields: (t) => ({
    id: t.exposeID('id'),
    message: t.exposeString('message'),
    authorName: t.exposeString('authorName'),
    createdAt: t.field({ type: 'DateTime', resolve: (a) => new Date(a.createdAt) }),
  }),
})

builder.mutationField('publishAnnouncement', (t) =>
  t.field({
    type: AnnouncementRef,
    args: { message: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireCapability(ctx, 'admin.announce')
      const parsed = messageSchema.safeParse(args.message)
      if (!parsed.success) {
        throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? 'Invalid message', {
          fields: [{ path: 'message', message: parsed.error.issues[0]?.message ?? 'Invalid' }],
        })
      }
      const announcement: Announcement = {
        id: randomUUID(),
        message: parsed.data,
        createdAt: new Date().toISOString(),
        authorName: viewer.name,
      }
      await recordAudit(ctx.db, {
        actorId: viewer.id,
        action: 'announcement.publish',
        entityType: 'announcement',
        entityId: announcement.id,
        after: announcement,
        requestId: ctx.requestId,
      })
      await ctx.bus.publish(ANNOUNCEMENTS_TOPIC, announcement)
      return announcement
    },
  }),
)

builder.subscriptionField('announcements', (t) =>
  t.field({
    type: AnnouncementRef,
    description: 'Announcements as they are published, on any app process.',
    subscribe: (_root, _args, ctx) => {
      const pubsub = (
        ctx as unknown as { pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> } }
      ).pubsub
      return pubsub.subscribe(ANNOUNCEMENTS_TOPIC) as unknown as AsyncIterable<Announcement>
    },
    resolve: (payload) => payload as Announcement,
  }),
)
