import type { TicketViewerCan } from '#core/tickets/policies.ts'
import { builder } from '#server/graphql/builder.ts'

export const TicketViewerCanRef = builder.objectRef<TicketViewerCan>('TicketViewerCan').implement({
  description:
    'What the holder may do to their ticket now, by the ticket policy (as ViewerCan for applications).',
  fields: (t) => ({
    cancel: t.exposeBoolean('cancel'),
    transfer: t.exposeBoolean('transfer'),
  }),
})
