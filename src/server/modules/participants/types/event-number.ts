import { builder } from '#server/graphql/builder.ts'
import type { BreakdownNumber } from '../part-breakdown.queries.ts'

export const EventNumberRef = builder.objectRef<BreakdownNumber>('EventNumber').implement({
  description: 'A number (song, movement, scene) of an event: a row of the part breakdown.',
  fields: (t) => ({
    id: t.exposeID('id'),
    position: t.exposeInt('position'),
    label: t.exposeString('label'),
    title: t.exposeString('title'),
  }),
})
