import { builder } from '#server/graphql/builder.ts'
import { addLearningTrack } from './add-learning-track.ts'
import { getLearningTracks } from './get-learning-tracks.ts'
import { removeLearningTrack } from './remove-learning-track.ts'
import { LearningTrackRef } from './types/learning-track.ts'
import { LearningTracksRef } from './types/learning-tracks.ts'

// Learning tracks (note-bashing, 0017): audio per number and part of an event.

builder.queryField('learningTracks', (t) =>
  t.field({
    type: LearningTracksRef,
    description:
      'Learning tracks of an event. NOT_FOUND unless the sidebar would show Part Breakdown to the viewer (admins always).',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => getLearningTracks(ctx, { eventSlug: args.eventSlug }),
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
      addLearningTrack(ctx, {
        eventSlug: args.eventSlug,
        numberId: String(args.numberId),
        part: args.part ?? null,
        fileKey: args.fileKey,
        fileName: args.fileName ?? null,
      }),
  }),
  removeLearningTrack: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => removeLearningTrack(ctx, { id: String(args.id) }),
  }),
}))
