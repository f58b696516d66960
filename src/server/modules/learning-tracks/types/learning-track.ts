import { builder } from '#server/graphql/builder.ts'
import type { LearningTrackView } from '../learning-track-view.ts'

export const LearningTrackRef = builder.objectRef<LearningTrackView>('LearningTrack').implement({
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
