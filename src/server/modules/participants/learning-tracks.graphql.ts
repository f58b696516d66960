import { builder } from '#server/graphql/builder.ts'
import type { GraphQLContext } from '#server/graphql/context.ts'
import type { LearningNumberView, LearningTracksView, LearningTrackView } from './learning-tracks.service.ts'

const actorOf = (ctx: GraphQLContext) => ({ actor: ctx.viewer, requestId: ctx.requestId })

const LearningTrackRef = builder.objectRef<LearningTrackView>('LearningTrack').implement({
  description: 'Audio for one number and one part (or everyone), streamed by a signed, expiring link.',
  fields: (t) => ({
    id: t.exposeID('id'),
    numberId: t.exposeID('numberId'),
    part: t.exposeString('part', { nullable: true, description: 'Null: the track is for everyone.' }),
    fileName: t.exposeString('fileName'),
    contentType: t.exposeString('contentType'),
    size: t.exposeInt('size'),
    url: t.exposeString('url', { description: 'Valid for a few hours; supports HTTP Range.' }),
  }),
})

const LearningNumberRef = builder.objectRef<LearningNumberView>('LearningNumber').implement({
  description: 'A number of the event (a row of the part breakdown), in running order.',
  fields: (t) => ({
    id: t.exposeID('id'),
    position: t.exposeInt('position'),
    label: t.exposeString('label'),
    title: t.exposeString('title'),
  }),
})

const LearningTracksRef = builder.objectRef<LearningTracksView>('LearningTracks').implement({
  description: "An event's note-bashing page: numbers, parts and tracks.",
  fields: (t) => ({
    eventId: t.exposeID('eventId'),
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    parts: t.exposeStringList('parts'),
    myPart: t.exposeString('myPart', {
      nullable: true,
      description: "The viewer's part (their application's, else their profile's voice part).",
    }),
    numbers: t.field({ type: [LearningNumberRef], resolve: (v) => v.numbers }),
    tracks: t.field({
      type: [LearningTrackRef],
      description: 'Every track of the event; numberId says which number each belongs to.',
      resolve: (v) => v.tracks,
    }),
  }),
})

builder.queryField('learningTracks', (t) =>
  t.field({
    type: LearningTracksRef,
    description:
      'Learning tracks of an event. NOT_FOUND unless the sidebar would show Part Breakdown to the viewer (admins always).',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.learningTracks.forViewer(ctx.viewer, args.eventSlug),
  }),
)

builder.mutationFields((t) => ({
  addLearningTrack: t.field({
    type: LearningTrackRef,
    description:
      'Attach an audio upload (POST /api/files, purpose audio) to a number and part (null: everyone); replaces the track there.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      numberId: t.arg.id({ required: true }),
      part: t.arg.string({ required: false }),
      fileKey: t.arg.string({ required: true }),
      fileName: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      ctx.learningTracks.add(actorOf(ctx), {
        eventSlug: args.eventSlug,
        numberId: String(args.numberId),
        part: args.part ?? null,
        fileKey: args.fileKey,
        fileName: args.fileName ?? null,
      }),
  }),
  removeLearningTrack: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.learningTracks.remove(actorOf(ctx), String(args.id)),
  }),
}))
