// Admin casting (PRODUCT.md §6 Casting): the filtered list of an event's applications, the detail,
// reviews, part assignment and live changes. Everything demands admin.general (the use cases check).
import { builder } from '#server/graphql/builder.ts'
import { assignPart } from './assign-part.ts'
import { castingNeighbours } from './casting-neighbours.ts'
import { castingApplication, castingEventId, castingEvents } from './casting.queries.ts'
import { listCastingApplications } from './list-casting-applications.ts'
import { saveReview } from './save-review.ts'
import { ApplicationChangeRef } from './types/application-change.ts'
import { ApplicationReviewRef } from './types/application-review.ts'
import './types/application-staff-fields.ts'
import { CastingApplicationRef } from './types/casting-application.ts'
import { CastingApplicationsRef } from './types/casting-applications.ts'
import { CastingEventOptionRef } from './types/casting-event-option.ts'
import { CastingFilterInput } from './types/casting-filter-input.ts'
import { CastingNeighboursRef } from './types/casting-neighbours.ts'
import { castingSort, CastingSortInput } from './types/casting-sort-input.ts'

builder.queryFields((t) => ({
  castingEvents: t.field({
    type: [CastingEventOptionRef],
    description: 'Events to cast, those with applications first, with their application counts.',
    resolve: (_root, _args, ctx) => castingEvents(ctx),
  }),
  castingApplications: t.field({
    type: CastingApplicationsRef,
    description: "One page of an event's applications, filtered and sorted on the server.",
    args: {
      eventSlug: t.arg.string({ required: true }),
      filter: t.arg({ type: CastingFilterInput, required: false }),
      sort: t.arg({ type: CastingSortInput, required: false }),
      first: t.arg.int({ required: false, description: 'Page size, at most 200 (default 50).' }),
      after: t.arg.string({ required: false, description: 'endCursor of the previous page, or an offset.' }),
    },
    resolve: (_root, args, ctx) => listCastingApplications(ctx, { ...args, sort: castingSort(args.sort) }),
  }),
  castingApplication: t.field({
    type: CastingApplicationRef,
    description: 'One application of an event by its slug, for the casting detail.',
    args: { eventSlug: t.arg.string({ required: true }), slug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => castingApplication(ctx, args),
  }),
  castingNeighbours: t.field({
    type: CastingNeighboursRef,
    description: 'The previous and next application in the casting list’s filter and sort.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      slug: t.arg.string({ required: true }),
      filter: t.arg({ type: CastingFilterInput, required: false }),
      sort: t.arg({ type: CastingSortInput, required: false }),
    },
    resolve: (_root, args, ctx) => castingNeighbours(ctx, { ...args, sort: castingSort(args.sort) }),
  }),
}))

builder.mutationFields((t) => ({
  saveReview: t.field({
    type: ApplicationReviewRef,
    description: "Save the viewer's own score (1–5, or null for none) and note on an application.",
    args: {
      applicationId: t.arg.id({ required: true }),
      score: t.arg.int({ required: false }),
      note: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      saveReview(ctx, {
        applicationId: String(args.applicationId),
        score: args.score ?? null,
        note: args.note ?? '',
      }),
  }),
  assignPart: t.field({
    type: CastingApplicationRef,
    description:
      "Assign one of the event's parts (or null for none). CONFLICT when the application changed since expectedVersion.",
    args: {
      applicationId: t.arg.id({ required: true }),
      part: t.arg.string({ required: false }),
      expectedVersion: t.arg.int({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      assignPart(ctx, {
        applicationId: String(args.applicationId),
        part: args.part ?? null,
        expectedVersion: args.expectedVersion,
      }),
  }),
}))

builder.subscriptionField('applicationChanged', (t) =>
  t.field({
    type: ApplicationChangeRef,
    description: "Changes to an event's applications as they happen (admins only).",
    args: { eventSlug: t.arg.string({ required: true }) },
    subscribe: async function* (_root, args, ctx) {
      // NOTE: checked once, when the subscription starts: the socket's actor comes from its
      // connection_init token, and a revoked role takes effect on the next connection.
      const eventId = await castingEventId(ctx, args)
      const source = await ctx.pubsub.subscribe('APPLICATION_CHANGED')
      for await (const change of source) {
        if (change.eventId === eventId) yield change
      }
    },
    resolve: (payload) => payload,
  }),
)
