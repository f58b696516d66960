import { builder } from '#server/graphql/builder.ts'
import type { LearningTracksView } from '../get-learning-tracks.ts'
import { LearningNumberRef } from './learning-number.ts'
import { LearningTrackRef } from './learning-track.ts'

export const LearningTracksRef = builder.objectRef<LearningTracksView>('LearningTracks').implement({
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
