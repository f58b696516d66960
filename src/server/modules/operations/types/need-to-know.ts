import { builder } from '#server/graphql/builder.ts'
import type { NeedToKnow, NeedToKnowRow } from '../view-need-to-know.ts'

const NeedToKnowRowRef = builder.objectRef<NeedToKnowRow>('NeedToKnowRow').implement({
  fields: (t) => ({
    id: t.exposeID('applicationId'),
    name: t.exposeString('name'),
    typeLabel: t.exposeString('typeLabel'),
    part: t.exposeString('part', { nullable: true }),
    phone: t.exposeString('phone'),
    contactName: t.exposeString('contactName'),
    contactPhone: t.exposeString('contactPhone'),
    contactRelationship: t.exposeString('contactRelationship'),
    dietary: t.exposeString('dietary'),
    access: t.exposeString('access'),
  }),
})

export const NeedToKnowRef = builder.objectRef<NeedToKnow>('NeedToKnow').implement({
  description: 'Emergency contacts and needs of an event’s participants (area admins; each view audited).',
  fields: (t) => ({
    eventTitle: t.exposeString('eventTitle'),
    hiddenAt: t.expose('hiddenAt', { type: 'DateTime' }),
    rows: t.field({ type: [NeedToKnowRowRef], resolve: (n) => n.rows }),
  }),
})
