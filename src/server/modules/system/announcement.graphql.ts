import { builder } from '#server/graphql/builder.ts'
import type { Announcement } from '#server/realtime/topics.ts'
import { publishAnnouncement } from './publish-announcement.ts'
import { AnnouncementRef } from './types/announcement.ts'

builder.mutationField('publishAnnouncement', (t) =>
  t.field({
    type: AnnouncementRef,
    args: { message: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => publishAnnouncement(ctx, args.message),
  }),
)

builder.subscriptionField('announcements', (t) =>
  t.field({
    type: AnnouncementRef,
    description: 'Announcements as they are published, on any app process.',
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('ANNOUNCEMENTS'),
    resolve: (payload: Announcement) => payload,
  }),
)
