import type { EventConfig } from '#core/events/event-config.schemas.ts'
import { builder } from '#server/graphql/builder.ts'
import { EventPermissionsRef } from './event-permissions.ts'

export const EventConfigRef = builder.objectRef<EventConfig>('EventConfig').implement({
  description: 'What members may see of an event configuration: releases and what each type pays.',
  fields: (t) => ({
    permissions: t.field({ type: EventPermissionsRef, resolve: (c) => c.permissions }),
    paymentLines: t.field({
      type: 'JSON',
      description: 'Keyed by application type: a list of { key, label, amountPence, dueDate }.',
      resolve: (c) => c.paymentLines,
    }),
  }),
})
