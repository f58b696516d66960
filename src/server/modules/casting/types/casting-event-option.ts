import { builder } from '#server/graphql/builder.ts'
import { EventTypeEnum } from '#server/modules/events/types/event.ts'
import type { CastingEventOption } from '../casting.queries.ts'

export const CastingEventOptionRef = builder.objectRef<CastingEventOption>('CastingEventOption').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    type: t.field({ type: EventTypeEnum, resolve: (e) => e.type }),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    applicationCount: t.exposeInt('applicationCount'),
  }),
})
