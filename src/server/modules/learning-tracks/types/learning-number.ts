import { builder } from '#server/graphql/builder.ts'
import type { LearningNumberView } from '../get-learning-tracks.ts'

export const LearningNumberRef = builder.objectRef<LearningNumberView>('LearningNumber').implement({
  description: 'A number of the event (a row of the part breakdown), in running order.',
  fields: (t) => ({
    id: t.exposeID('id'),
    position: t.exposeInt('position'),
    label: t.exposeString('label'),
    title: t.exposeString('title'),
  }),
})
