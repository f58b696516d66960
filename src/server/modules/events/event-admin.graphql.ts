import { builder } from '#server/graphql/builder.ts'
import { archiveEvent } from './archive-event.ts'
import { createEvent } from './create-event.ts'
import { duplicateEvent } from './duplicate-event.ts'
import { findAdminEvent, listAdminEvents } from './events.queries.ts'
import { setEventVisibility } from './set-event-visibility.ts'
import { AdminEventRef } from './types/admin-event.ts'
import { EventInputRef } from './types/event-input.ts'
import { EventVisibilityEnum } from './types/event-visibility.ts'
import { unarchiveEvent } from './unarchive-event.ts'
import { updateEvent } from './update-event.ts'

builder.queryField('adminEvents', (t) =>
  t.field({
    type: [AdminEventRef],
    description: 'Every event, newest first (admins).',
    args: { includeArchived: t.arg.boolean({ required: false, defaultValue: false }) },
    resolve: (_root, args, ctx) => listAdminEvents(ctx, { includeArchived: args.includeArchived ?? false }),
  }),
)

builder.queryField('adminEvent', (t) =>
  t.field({
    type: AdminEventRef,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => findAdminEvent(ctx, args.slug),
  }),
)

builder.mutationFields((t) => ({
  createEvent: t.field({
    type: AdminEventRef,
    description:
      'Create an event (a draft unless `visibility` says otherwise). Input is checked by the shared schema.',
    args: { input: t.arg({ type: EventInputRef, required: true }) },
    resolve: (_root, args, ctx) => createEvent(ctx, args.input),
  }),
  updateEvent: t.field({
    type: AdminEventRef,
    description: 'Replace an event’s editable fields; a changed slug keeps the old URL redirecting.',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: EventInputRef, required: true }) },
    resolve: (_root, args, ctx) => updateEvent(ctx, String(args.id), args.input),
  }),
  publishEvent: t.field({
    type: AdminEventRef,
    args: {
      id: t.arg.id({ required: true }),
      visibility: t.arg({ type: EventVisibilityEnum, required: false, defaultValue: 'public' }),
    },
    resolve: (_root, args, ctx) =>
      setEventVisibility(
        ctx,
        String(args.id),
        args.visibility === 'draft' ? 'public' : (args.visibility ?? 'public'),
      ),
  }),
  unpublishEvent: t.field({
    type: AdminEventRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => setEventVisibility(ctx, String(args.id), 'draft'),
  }),
  archiveEvent: t.field({
    type: AdminEventRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => archiveEvent(ctx, String(args.id)),
  }),
  unarchiveEvent: t.field({
    type: AdminEventRef,
    description: 'Bring an archived event back, as a draft (publish it again when ready).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => unarchiveEvent(ctx, String(args.id)),
  }),
  duplicateEvent: t.field({
    type: AdminEventRef,
    description: 'Copy an event as a draft 52 weeks later, with releases reset.',
    args: {
      id: t.arg.id({ required: true }),
      slug: t.arg.string({ required: true }),
      title: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      duplicateEvent(ctx, { id: String(args.id), slug: args.slug, title: args.title }),
  }),
}))
