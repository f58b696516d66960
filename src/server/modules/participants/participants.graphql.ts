import { builder } from '#server/graphql/builder.ts'
import type { GraphQLContext } from '#server/graphql/context.ts'
import { requireCapability } from '#server/graphql/guards.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/application.graphql.ts'
import type {
  BreakdownCell,
  BreakdownNumber,
  CastList,
  ContentPage,
  InfoPack,
  InfoPackAttachment,
  PartBreakdown,
  ParticipantPreview,
  SandboxNavItem,
  SocialList,
  VenueAccess,
} from './participants.service.ts'

const actorOf = (ctx: GraphQLContext) => ({ actor: ctx.viewer, requestId: ctx.requestId })

const PreviewInput = builder.inputType('ParticipantPreviewInput', {
  description: 'Admin sandbox: see the page as a member with this application type and status would.',
  fields: (t) => ({
    applicationType: t.string({ required: true }),
    status: t.field({ type: ApplicationStatusEnum, required: true }),
  }),
})

const previewArg = {
  type: PreviewInput,
  required: false,
  description: 'Admins (admin.general) only: answer as such a member would see it; FORBIDDEN for others.',
} as const

const toPreview = (
  p: { applicationType: string; status: ParticipantPreview['status'] } | null | undefined,
) => (p ? { applicationType: p.applicationType, status: p.status } : null)

const AttachmentRef = builder.objectRef<InfoPackAttachment>('InfoPackAttachment').implement({
  description: 'A file of an info pack (schedule, sheet music), with a signed link valid for 15 minutes.',
  fields: (t) => ({
    id: t.exposeID('id'),
    applicationType: t.exposeString('applicationType', {
      nullable: true,
      description: 'Null when it is for every type.',
    }),
    title: t.exposeString('title'),
    fileName: t.exposeString('fileName'),
    contentType: t.exposeString('contentType'),
    size: t.exposeInt('size'),
    url: t.exposeString('url'),
  }),
})

const InfoPackRef = builder.objectRef<InfoPack>('InfoPack').implement({
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    applicationType: t.exposeString('applicationType', { nullable: true }),
    applicationTypeLabel: t.exposeString('applicationTypeLabel', { nullable: true }),
    html: t.exposeString('html', { nullable: true, description: 'Rendered and sanitised; null when empty.' }),
    attachments: t.field({ type: [AttachmentRef], resolve: (p) => p.attachments }),
  }),
})

const VenueAccessRef = builder.objectRef<VenueAccess>('VenueAccess').implement({
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    venue: t.exposeString('venue'),
    mapUrl: t.exposeString('mapUrl', {
      nullable: true,
      description: 'An OpenStreetMap search for the venue.',
    }),
    html: t.exposeString('html', {
      nullable: true,
      description: 'How to get in, door codes, accessibility, contacts on the day.',
    }),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    endDate: t.expose('endDate', { type: 'DateTime' }),
  }),
})

const CastMemberRef = builder.objectRef<CastList['members'][number]>('CastMember').implement({
  fields: (t) => ({
    part: t.exposeString('part', { nullable: true, description: 'Null: no part assigned yet.' }),
    name: t.exposeString('name'),
    pronouns: t.exposeString('pronouns', { nullable: true }),
  }),
})

// NOTE: flat lists (members with their part, cells with their number): the cost limit prices a list
// inside a list at 100 × 100.
const CastListRef = builder.objectRef<CastList>('CastList').implement({
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    parts: t.exposeStringList('parts', {
      description: 'Parts with members, in order; unassigned come last.',
    }),
    members: t.field({ type: [CastMemberRef], resolve: (c) => c.members }),
  }),
})

const PartNoteRef = builder.objectRef<BreakdownCell>('PartNote').implement({
  description: 'What a part does in a number (solo, divisi, tacet…); a part without one sings as written.',
  fields: (t) => ({
    numberId: t.exposeID('numberId'),
    part: t.exposeString('part'),
    note: t.exposeString('note'),
  }),
})

const NumberRef = builder.objectRef<BreakdownNumber>('EventNumber').implement({
  description: 'A number (song, movement, scene) of an event: a row of the part breakdown.',
  fields: (t) => ({
    id: t.exposeID('id'),
    position: t.exposeInt('position'),
    label: t.exposeString('label'),
    title: t.exposeString('title'),
  }),
})

const PartBreakdownRef = builder.objectRef<PartBreakdown>('PartBreakdown').implement({
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    parts: t.exposeStringList('parts'),
    numbers: t.field({ type: [NumberRef], resolve: (p) => p.numbers }),
    cells: t.field({ type: [PartNoteRef], resolve: (p) => p.cells }),
    ownPart: t.exposeString('ownPart', {
      nullable: true,
      description: "The viewer's own part, to highlight.",
    }),
  }),
})

const ContentPageRef = builder.objectRef<ContentPage>('EventContentPage').implement({
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    html: t.exposeString('html', { nullable: true, description: 'Rendered and sanitised; null when empty.' }),
  }),
})

const SocialListEventRef = builder.objectRef<SocialList['events'][number]>('SocialListEvent').implement({
  fields: (t) => ({
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    venue: t.exposeString('venue'),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    endDate: t.expose('endDate', { type: 'DateTime' }),
  }),
})

const SocialGoerRef = builder.objectRef<SocialList['going'][number]>('SocialGoer').implement({
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    name: t.exposeString('name'),
    pronouns: t.exposeString('pronouns', { nullable: true }),
  }),
})

const SocialListRef = builder.objectRef<SocialList>('SocialList').implement({
  fields: (t) => ({
    signedIn: t.exposeBoolean('signedIn'),
    optIn: t.exposeBoolean('optIn', {
      nullable: true,
      description: "The viewer's choice; null when signed out.",
    }),
    events: t.field({ type: [SocialListEventRef], resolve: (s) => s.events }),
    going: t.field({
      type: [SocialGoerRef],
      description: 'Members going who opted in, with their event; empty when signed out.',
      resolve: (s) => s.going,
    }),
  }),
})

const NavItemRef = builder.objectRef<SandboxNavItem>('SandboxNavItem').implement({
  description: 'One item of a member sidebar, with its section (0 is the top; the others are events).',
  fields: (t) => ({
    section: t.exposeInt('section'),
    sectionTitle: t.exposeString('sectionTitle', { nullable: true }),
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    to: t.exposeString('to'),
  }),
})

const NumberInputRef = builder.inputType('EventNumberInput', {
  fields: (t) => ({
    id: t.id({
      required: false,
      description: 'Keep this existing number (and its tracks); omit for a new one.',
    }),
    label: t.string({ required: true }),
    title: t.string({ required: true }),
  }),
})

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
      ctx.participants.infoPack(ctx.viewer, args.eventSlug, args.applicationType ?? null, {
        preview: toPreview(args.preview),
      }),
  }),
  venueAccess: t.field({
    type: VenueAccessRef,
    description:
      'Venue, map link and access details. NOT_FOUND unless the navigation rules show Venue Access.',
    args: { eventSlug: t.arg.string({ required: true }), preview: t.arg(previewArg) },
    resolve: (_root, args, ctx) =>
      ctx.participants.venueAccess(ctx.viewer, args.eventSlug, { preview: toPreview(args.preview) }),
  }),
  castList: t.field({
    type: CastListRef,
    description: 'Confirmed participants by part. NOT_FOUND unless the navigation rules show Cast List.',
    args: { eventSlug: t.arg.string({ required: true }), preview: t.arg(previewArg) },
    resolve: (_root, args, ctx) =>
      ctx.participants.castList(ctx.viewer, args.eventSlug, { preview: toPreview(args.preview) }),
  }),
  partBreakdown: t.field({
    type: PartBreakdownRef,
    description: 'Numbers × parts with notes. NOT_FOUND unless the navigation rules show Part Breakdown.',
    args: { eventSlug: t.arg.string({ required: true }), preview: t.arg(previewArg) },
    resolve: (_root, args, ctx) =>
      ctx.participants.partBreakdown(ctx.viewer, args.eventSlug, { preview: toPreview(args.preview) }),
  }),
  socialLinks: t.field({
    type: ContentPageRef,
    description: 'Group chats and social links. NOT_FOUND unless the navigation rules show Social Links.',
    args: { eventSlug: t.arg.string({ required: true }), preview: t.arg(previewArg) },
    resolve: (_root, args, ctx) =>
      ctx.participants.socialLinks(ctx.viewer, args.eventSlug, { preview: toPreview(args.preview) }),
  }),
  ticketSalesInfo: t.field({
    type: ContentPageRef,
    description: 'The ticket-sales content of an event, for anyone who may see the event.',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.participants.contentBlock(ctx.viewer, args.eventSlug, 'ticketSales'),
  }),
  cancellationsInfo: t.field({
    type: ContentPageRef,
    description: 'The cancellations and refunds policy of an event, for anyone who may see the event.',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      ctx.participants.contentBlock(ctx.viewer, args.eventSlug, 'cancellationsAndRefunds'),
  }),
  socialList: t.field({
    type: SocialListRef,
    description: 'Upcoming socials the viewer can see; who is going (opted in) for signed-in members only.',
    resolve: (_root, _args, ctx) => ctx.participants.socialList(ctx.viewer),
  }),
  sandboxSidebar: t.field({
    type: [NavItemRef],
    description:
      'Admin sandbox: the member sidebar of a member with one application of this type and status.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      applicationType: t.arg.string({ required: true }),
      status: t.arg({ type: ApplicationStatusEnum, required: true }),
    },
    resolve: (_root, args, ctx) => {
      requireCapability(ctx, 'admin.general')
      return ctx.participants.sandboxSidebar(ctx.viewer, args.eventSlug, {
        applicationType: args.applicationType,
        status: args.status,
      })
    },
  }),
  eventAttachments: t.field({
    type: [AttachmentRef],
    description: 'Every info-pack attachment of an event (admins).',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.participants.listAttachments(ctx.viewer, args.eventSlug),
  }),
}))

builder.mutationFields((t) => ({
  setEventNumbers: t.field({
    type: PartBreakdownRef,
    description:
      'Make the event’s numbers exactly this list, in order (add, rename, reorder, remove). Admins.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      numbers: t.arg({ type: [NumberInputRef], required: true }),
    },
    resolve: (_root, args, ctx) =>
      ctx.participants.setNumbers(
        actorOf(ctx),
        args.eventSlug,
        args.numbers.map((n) => ({ id: n.id == null ? null : String(n.id), label: n.label, title: n.title })),
      ),
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
      ctx.participants.setCell(actorOf(ctx), args.eventSlug, String(args.numberId), args.part, args.note),
  }),
  importPartBreakdownCsv: t.field({
    type: PartBreakdownRef,
    description:
      'Replace the part breakdown from CSV (header number,title,<part>…); unknown parts refuse the whole file. Admins.',
    args: { eventSlug: t.arg.string({ required: true }), csv: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.participants.importCsv(actorOf(ctx), args.eventSlug, args.csv),
  }),
  addEventAttachment: t.field({
    type: AttachmentRef,
    description:
      'Attach a document uploaded with POST /api/files (purpose document) to the info pack. Admins.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      applicationType: t.arg.string({ required: false }),
      title: t.arg.string({ required: true }),
      fileKey: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      ctx.participants.addAttachment(actorOf(ctx), {
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
    resolve: (_root, args, ctx) => ctx.participants.removeAttachment(actorOf(ctx), String(args.id)),
  }),
  setSocialListOptIn: t.field({
    type: 'Boolean',
    description: 'Show (or stop showing) me as going on the social list.',
    args: { optIn: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => ctx.participants.setSocialListOptIn(actorOf(ctx), args.optIn),
  }),
}))
