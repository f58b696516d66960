import { EVENT_VISIBILITIES } from '#core/events/event.ts'
import { AppError } from '#core/errors.ts'
import { builder } from '#server/graphql/builder.ts'
import { requireCapability } from '#server/graphql/guards.ts'
import type { GraphQLContext } from '#server/graphql/context.ts'
import { EventRef } from './event.graphql.ts'
import { SHOW_REVEALED_TOPIC, type EventRow, type ShowRevealed } from './events.service.ts'

export const EventVisibilityEnum = builder.enumType('EventVisibility', { values: EVENT_VISIBILITIES })

const actorOf = (ctx: GraphQLContext) => ({ actor: ctx.viewer, requestId: ctx.requestId })

/** Everything staff edit, raw (Markdown sources, the whole eventConfig). Admins only. */
const AdminEventRef = builder.objectRef<EventRow>('AdminEvent').implement({
  description: 'An event as staff edit it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    type: t.exposeString('type'),
    title: t.exposeString('title'),
    showName: t.exposeString('showName', { nullable: true }),
    revealAt: t.expose('revealAt', { type: 'DateTime', nullable: true }),
    summary: t.exposeString('summary'),
    description: t.exposeString('description'),
    venue: t.exposeString('venue'),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    endDate: t.expose('endDate', { type: 'DateTime' }),
    signupDeadline: t.expose('signupDeadline', { type: 'DateTime', nullable: true }),
    visibility: t.field({ type: EventVisibilityEnum, resolve: (e) => e.visibility }),
    audienceTypes: t.field({ type: 'JSON', resolve: (e) => e.audienceTypes }),
    eventConfig: t.field({ type: 'JSON', resolve: (e) => e.eventConfig }),
    archivedAt: t.expose('archivedAt', { type: 'DateTime', nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    event: t.field({ type: EventRef, description: 'The same event as members see it.', resolve: (e) => e }),
  }),
})

builder.queryField('adminEvents', (t) =>
  t.field({
    type: [AdminEventRef],
    description: 'Every event, newest first (admins).',
    args: { includeArchived: t.arg.boolean({ required: false, defaultValue: false }) },
    resolve: (_root, args, ctx) => ctx.events.listForAdmin(ctx.viewer, args.includeArchived ?? false),
  }),
)

builder.queryField('adminEvent', (t) =>
  t.field({
    type: AdminEventRef,
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireCapability(ctx, 'admin.general')
      const row = await ctx.events.findBySlug(args.slug)
      if (!row) throw new AppError('NOT_FOUND', `No event called "${args.slug}".`)
      return row
    },
  }),
)

builder.queryField('showReveals', (t) =>
  t.field({
    type: [AdminEventRef],
    description: 'Events with a show name, soonest reveal first (superAdmin, boardMember, orchestraAdmin).',
    resolve: (_root, _args, ctx) => ctx.events.listReveals(ctx.viewer),
  }),
)

builder.mutationFields((t) => ({
  createEvent: t.field({
    type: AdminEventRef,
    description:
      'Create an event (a draft unless `visibility` says otherwise). Input is checked by the shared schema.',
    args: { input: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, args, ctx) => ctx.events.create(actorOf(ctx), args.input),
  }),
  updateEvent: t.field({
    type: AdminEventRef,
    description: 'Replace an event’s editable fields; a changed slug keeps the old URL redirecting.',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, args, ctx) => ctx.events.update(actorOf(ctx), String(args.id), args.input),
  }),
  publishEvent: t.field({
    type: AdminEventRef,
    args: {
      id: t.arg.id({ required: true }),
      visibility: t.arg({ type: EventVisibilityEnum, required: false, defaultValue: 'public' }),
    },
    resolve: (_root, args, ctx) =>
      ctx.events.setVisibility(
        actorOf(ctx),
        String(args.id),
        args.visibility === 'draft' ? 'public' : (args.visibility ?? 'public'),
      ),
  }),
  unpublishEvent: t.field({
    type: AdminEventRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.events.setVisibility(actorOf(ctx), String(args.id), 'draft'),
  }),
  archiveEvent: t.field({
    type: AdminEventRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.events.archive(actorOf(ctx), String(args.id)),
  }),
  unarchiveEvent: t.field({
    type: AdminEventRef,
    description: 'Bring an archived event back, as a draft (publish it again when ready).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.events.unarchive(actorOf(ctx), String(args.id)),
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
      ctx.events.duplicate(actorOf(ctx), String(args.id), args.slug, args.title ?? undefined),
  }),
  setEventReleases: t.field({
    type: AdminEventRef,
    description: 'Release (or withdraw) the info pack, the final participant info and the cast list.',
    args: {
      id: t.arg.id({ required: true }),
      releaseParticipantInfoPack: t.arg.boolean({ required: false }),
      releaseFinalParticipantInfo: t.arg.boolean({ required: false }),
      releaseCastList: t.arg.boolean({ required: false }),
    },
    resolve: (_root, args, ctx) => {
      const releases = Object.fromEntries(
        (['releaseParticipantInfoPack', 'releaseFinalParticipantInfo', 'releaseCastList'] as const)
          .filter((k) => typeof args[k] === 'boolean')
          .map((k) => [k, args[k] as boolean]),
      )
      return ctx.events.setReleases(actorOf(ctx), String(args.id), releases)
    },
  }),
  scheduleShowReveal: t.field({
    type: AdminEventRef,
    description: 'Set or postpone the time the show name is revealed (must be in the future).',
    args: { id: t.arg.id({ required: true }), revealAt: t.arg({ type: 'DateTime', required: true }) },
    resolve: (_root, args, ctx) => ctx.events.scheduleReveal(actorOf(ctx), String(args.id), args.revealAt),
  }),
  revealShowNow: t.field({
    type: AdminEventRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.events.revealNow(actorOf(ctx), String(args.id)),
  }),
}))

const ShowRevealedRef = builder.objectRef<ShowRevealed>('ShowRevealed').implement({
  fields: (t) => ({
    eventId: t.exposeID('eventId'),
    slug: t.exposeString('slug'),
    showName: t.exposeString('showName'),
    revealedAt: t.field({ type: 'DateTime', resolve: (r) => new Date(r.revealedAt) }),
  }),
})

builder.subscriptionField('showRevealed', (t) =>
  t.field({
    type: ShowRevealedRef,
    description: 'A show name at the moment it is revealed, for everyone connected.',
    subscribe: (_root, _args, ctx) =>
      (
        ctx as unknown as { pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> } }
      ).pubsub.subscribe(SHOW_REVEALED_TOPIC) as unknown as AsyncIterable<ShowRevealed>,
    resolve: (payload) => payload as ShowRevealed,
  }),
)
