import { builder } from '#server/graphql/builder.ts'
import { AdminEventRef } from '#server/modules/events/types/admin-event.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/types/application-status.ts'
import { addEventAttachment } from './add-event-attachment.ts'
import { getCastList } from './get-cast-list.ts'
import { getContentPage } from './get-content-page.ts'
import { getInfoPack } from './get-info-pack.ts'
import { getPartBreakdown } from './get-part-breakdown.ts'
import { getSocialLinks } from './get-social-links.ts'
import { getSocialList } from './get-social-list.ts'
import { getVenueAccess } from './get-venue-access.ts'
import { importPartBreakdownCsv } from './import-part-breakdown-csv.ts'
import { listEventAttachments } from './list-event-attachments.ts'
import { previewMemberSidebar } from './preview-as-member.ts'
import { removeEventAttachment } from './remove-event-attachment.ts'
import { setEventNumbers } from './set-event-numbers.ts'
import { setEventReleases } from './set-event-releases.ts'
import { setPartBreakdownCell } from './set-part-breakdown-cell.ts'
import { setSocialListOptIn } from './set-social-list-opt-in.ts'
import { CastListRef } from './types/cast-list.ts'
import { EventContentPageRef } from './types/event-content-page.ts'
import { EventNumberInput } from './types/event-number-input.ts'
import { InfoPackAttachmentRef } from './types/info-pack-attachment.ts'
import { InfoPackRef } from './types/info-pack.ts'
import { PartBreakdownRef } from './types/part-breakdown.ts'
import { previewArg, toPreview } from './types/participant-preview-input.ts'
import { SandboxNavItemRef } from './types/sandbox-nav-item.ts'
import { SocialListRef } from './types/social-list.ts'
import { VenueAccessRef } from './types/venue-access.ts'

// Participant material (0016). Every member page answers NOT_FOUND unless the navigation rules show
// its item (participant-access.ts); admins see every page and may preview one as a synthetic member.

builder.queryFields((t) => ({
  participantInfoPack: t.field({
    type: InfoPackRef,
    description:
      'The info pack of an event for the viewer’s application type (or `applicationType`). NOT_FOUND unless the navigation rules show Info Pack.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      applicationType: t.arg.string({ required: false }),
      preview: t.arg(previewArg),
    },
    resolve: (_root, args, ctx) =>
      getInfoPack(ctx, {
        eventSlug: args.eventSlug,
        applicationType: args.applicationType ?? null,
        preview: toPreview(args.preview),
      }),
  }),
  venueAccess: t.field({
    type: VenueAccessRef,
    description:
      'Venue, map link and access details. NOT_FOUND unless the navigation rules show Venue Access.',
    args: { eventSlug: t.arg.string({ required: true }), preview: t.arg(previewArg) },
    resolve: (_root, args, ctx) =>
      getVenueAccess(ctx, { eventSlug: args.eventSlug, preview: toPreview(args.preview) }),
  }),
  castList: t.field({
    type: CastListRef,
    description: 'Confirmed participants by part. NOT_FOUND unless the navigation rules show Cast List.',
    args: { eventSlug: t.arg.string({ required: true }), preview: t.arg(previewArg) },
    resolve: (_root, args, ctx) =>
      getCastList(ctx, { eventSlug: args.eventSlug, preview: toPreview(args.preview) }),
  }),
  partBreakdown: t.field({
    type: PartBreakdownRef,
    description: 'Numbers × parts with notes. NOT_FOUND unless the navigation rules show Part Breakdown.',
    args: { eventSlug: t.arg.string({ required: true }), preview: t.arg(previewArg) },
    resolve: (_root, args, ctx) =>
      getPartBreakdown(ctx, { eventSlug: args.eventSlug, preview: toPreview(args.preview) }),
  }),
  socialLinks: t.field({
    type: EventContentPageRef,
    description: 'Group chats and social links. NOT_FOUND unless the navigation rules show Social Links.',
    args: { eventSlug: t.arg.string({ required: true }), preview: t.arg(previewArg) },
    resolve: (_root, args, ctx) =>
      getSocialLinks(ctx, { eventSlug: args.eventSlug, preview: toPreview(args.preview) }),
  }),
  ticketSalesInfo: t.field({
    type: EventContentPageRef,
    description: 'The ticket-sales content of an event, for anyone who may see the event.',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => getContentPage(ctx, { eventSlug: args.eventSlug, block: 'ticketSales' }),
  }),
  cancellationsInfo: t.field({
    type: EventContentPageRef,
    description: 'The cancellations and refunds policy of an event, for anyone who may see the event.',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      getContentPage(ctx, { eventSlug: args.eventSlug, block: 'cancellationsAndRefunds' }),
  }),
  socialList: t.field({
    type: SocialListRef,
    description: 'Upcoming socials the viewer can see; who is going (opted in) for signed-in members only.',
    resolve: (_root, _args, ctx) => getSocialList(ctx),
  }),
  sandboxSidebar: t.field({
    type: [SandboxNavItemRef],
    description:
      'Admin sandbox: the member sidebar of a member with one application of this type and status.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      applicationType: t.arg.string({ required: true }),
      status: t.arg({ type: ApplicationStatusEnum, required: true }),
    },
    resolve: (_root, args, ctx) =>
      previewMemberSidebar(ctx, {
        eventSlug: args.eventSlug,
        preview: { applicationType: args.applicationType, status: args.status },
      }),
  }),
  eventAttachments: t.field({
    type: [InfoPackAttachmentRef],
    description: 'Every info-pack attachment of an event (admins).',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => listEventAttachments(ctx, { eventSlug: args.eventSlug }),
  }),
}))

builder.mutationFields((t) => ({
  setEventNumbers: t.field({
    type: PartBreakdownRef,
    description:
      'Make the event’s numbers exactly this list, in order (add, rename, reorder, remove). Admins.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      numbers: t.arg({ type: [EventNumberInput], required: true }),
    },
    resolve: (_root, args, ctx) =>
      setEventNumbers(ctx, {
        eventSlug: args.eventSlug,
        numbers: args.numbers.map((n) => ({
          id: n.id == null ? null : String(n.id),
          label: n.label,
          title: n.title,
        })),
      }),
  }),
  setPartBreakdownCell: t.field({
    type: PartBreakdownRef,
    description: 'Set the note of one number and part (empty clears it). Admins.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      numberId: t.arg.id({ required: true }),
      part: t.arg.string({ required: true }),
      note: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      setPartBreakdownCell(ctx, {
        eventSlug: args.eventSlug,
        numberId: String(args.numberId),
        part: args.part,
        note: args.note,
      }),
  }),
  importPartBreakdownCsv: t.field({
    type: PartBreakdownRef,
    description:
      'Replace the part breakdown from CSV (header number,title,<part>…); unknown parts refuse the whole file. Admins.',
    args: { eventSlug: t.arg.string({ required: true }), csv: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => importPartBreakdownCsv(ctx, { eventSlug: args.eventSlug, csv: args.csv }),
  }),
  addEventAttachment: t.field({
    type: InfoPackAttachmentRef,
    description:
      'Attach a document uploaded with POST /api/files (purpose document) to the info pack. Admins.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      applicationType: t.arg.string({ required: false }),
      title: t.arg.string({ required: true }),
      fileKey: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      addEventAttachment(ctx, {
        eventSlug: args.eventSlug,
        applicationType: args.applicationType ?? null,
        title: args.title,
        fileKey: args.fileKey,
      }),
  }),
  removeEventAttachment: t.field({
    type: 'Boolean',
    description: 'Remove an info-pack attachment and its file. Admins.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => removeEventAttachment(ctx, { id: String(args.id) }),
  }),
  setSocialListOptIn: t.field({
    type: 'Boolean',
    description: 'Show (or stop showing) me as going on the social list.',
    args: { optIn: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => setSocialListOptIn(ctx, { optIn: args.optIn }),
  }),
}))

const RELEASES = ['releaseParticipantInfoPack', 'releaseFinalParticipantInfo', 'releaseCastList'] as const

builder.mutationField('setEventReleases', (t) =>
  t.field({
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
        RELEASES.flatMap((k) => (typeof args[k] === 'boolean' ? [[k, args[k]]] : [])),
      )
      return setEventReleases(ctx, String(args.id), releases)
    },
  }),
)
