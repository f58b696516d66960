import type { ViewerCan } from '#core/applications/status.ts'
import { builder } from '#server/graphql/builder.ts'

export const ViewerCanRef = builder.objectRef<ViewerCan>('ViewerCan').implement({
  description: 'What the viewer may do to an application now, by the status machine.',
  fields: (t) => ({
    edit: t.exposeBoolean('edit'),
    withdraw: t.exposeBoolean('withdraw'),
    accept: t.exposeBoolean('accept'),
    decline: t.exposeBoolean('decline'),
    offer: t.exposeBoolean('offer'),
    waitlist: t.exposeBoolean('waitlist'),
    reject: t.exposeBoolean('reject'),
    cancel: t.exposeBoolean('cancel'),
    recordPayment: t.exposeBoolean('recordPayment'),
  }),
})
