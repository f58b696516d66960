import { builder } from '#server/graphql/builder.ts'
import { ApplicationRef } from '#server/modules/applications/types/application.ts'
import { acceptanceEntry, acceptanceEvents, acceptanceOverview } from './acceptance.queries.ts'
import { addLateApplication } from './add-late-application.ts'
import { decideApplications } from './decide-applications.ts'
import { previewDecisions } from './preview-decisions.ts'
import { promoteFromWaitlist } from '#server/modules/applications/promote-from-waitlist.ts'
import { AcceptanceEntryRef } from './types/acceptance-entry.ts'
import { AcceptanceEventRef } from './types/acceptance-event.ts'
import { AcceptanceOverviewRef } from './types/acceptance-overview.ts'
import { DecisionActionEnum } from './types/decision-action.ts'
import { DecisionPreviewRef } from './types/decision-preview.ts'

builder.queryFields((t) => ({
  acceptanceEvents: t.field({
    type: [AcceptanceEventRef],
    description: 'Events with application types, soonest first, with counts per status (admins).',
    resolve: (_root, _args, ctx) => acceptanceEvents(ctx),
  }),
  acceptanceOverview: t.field({
    type: AcceptanceOverviewRef,
    description: 'Capacity per application type and every application of the event (admins).',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => acceptanceOverview(ctx, args),
  }),
  acceptanceApplication: t.field({
    type: AcceptanceEntryRef,
    description: 'One application with its payment lines and payments (admins).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => acceptanceEntry(ctx, { id: String(args.id) }),
  }),
  previewDecisions: t.field({
    type: [DecisionPreviewRef],
    description: 'What decideApplications would do and which emails would go, without changing anything.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      applicationIds: t.arg.idList({ required: true }),
      action: t.arg({ type: DecisionActionEnum, required: true }),
      offerExpiresAt: t.arg({ type: 'DateTime', required: false }),
      notify: t.arg.boolean({ required: false, defaultValue: true }),
    },
    resolve: (_root, args, ctx) =>
      previewDecisions(ctx, {
        eventSlug: args.eventSlug,
        applicationIds: args.applicationIds.map(String),
        action: args.action,
        offerExpiresAt: args.offerExpiresAt ?? null,
        notify: args.notify ?? true,
      }),
  }),
}))

builder.mutationFields((t) => ({
  decideApplications: t.field({
    type: [ApplicationRef],
    description:
      'Offer, waitlist, reject or cancel applications, all or none: any refusal (status, capacity, a stale version) changes nothing and comes back as CONFLICT naming each.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      applicationIds: t.arg.idList({ required: true }),
      action: t.arg({ type: DecisionActionEnum, required: true }),
      offerExpiresAt: t.arg({
        type: 'DateTime',
        required: false,
        description: 'Defaults to now plus the type’s offerExpiryDays.',
      }),
      expectedVersions: t.arg.intList({
        required: false,
        description: 'The version each application had on screen, in the same order.',
      }),
      notify: t.arg.boolean({ required: false, defaultValue: true }),
    },
    resolve: (_root, args, ctx) =>
      decideApplications(ctx, {
        eventSlug: args.eventSlug,
        applicationIds: args.applicationIds.map(String),
        action: args.action,
        offerExpiresAt: args.offerExpiresAt ?? null,
        expectedVersions: args.expectedVersions ?? null,
        notify: args.notify ?? true,
      }),
  }),
  promoteFromWaitlist: t.field({
    type: ApplicationRef,
    nullable: true,
    description:
      'Offer a place to the next on the waitlist of a type; null when nobody is waiting. CONFLICT when the type is full.',
    args: { eventSlug: t.arg.string({ required: true }), type: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => promoteFromWaitlist(ctx, args),
  }),
  addLateApplication: t.field({
    type: ApplicationRef,
    description: 'Add a member’s application after the deadline or to a closed type (admins).',
    args: {
      eventSlug: t.arg.string({ required: true }),
      userEmail: t.arg.string({ required: true }),
      type: t.arg.string({ required: true }),
      answers: t.arg({ type: 'JSON', required: false }),
      notify: t.arg.boolean({ required: false, defaultValue: true }),
    },
    resolve: (_root, args, ctx) =>
      addLateApplication(ctx, {
        eventSlug: args.eventSlug,
        userEmail: args.userEmail,
        type: args.type,
        answers: args.answers ?? undefined,
        notify: args.notify ?? true,
      }),
  }),
}))
