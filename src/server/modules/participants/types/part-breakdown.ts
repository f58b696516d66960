import { builder } from '#server/graphql/builder.ts'
import type { PartBreakdown } from '../part-breakdown.queries.ts'
import { EventNumberRef } from './event-number.ts'
import { PartNoteRef } from './part-note.ts'

export const PartBreakdownRef = builder.objectRef<PartBreakdown>('PartBreakdown').implement({
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    parts: t.exposeStringList('parts'),
    numbers: t.field({ type: [EventNumberRef], resolve: (p) => p.numbers }),
    cells: t.field({ type: [PartNoteRef], resolve: (p) => p.cells }),
    ownPart: t.exposeString('ownPart', {
      nullable: true,
      description: "The viewer's own part, to highlight.",
    }),
  }),
})
