import { builder } from '#server/graphql/builder.ts'
import { requireViewer } from '#server/graphql/guards.ts'
import { APPLICATION_CHANGED_TOPIC } from '#server/modules/applications/transitions.ts'
import { EVENT_RELEASES_CHANGED_TOPIC } from '#server/modules/events/events.service.ts'
import { navigationChangeFor, type NavigationChanged } from './navigation-live.ts'

const NavigationChangeReasonEnum = builder.enumType('NavigationChangeReason', {
  values: ['RELEASES', 'APPLICATION'] as const,
})

const NavigationChangedRef = builder.objectRef<NavigationChanged>('NavigationChanged').implement({
  description: "Something in the member's sidebar changed: refetch it (NavItemsQuery).",
  fields: (t) => ({
    reason: t.field({ type: NavigationChangeReasonEnum, resolve: (c) => c.reason }),
    eventSlug: t.exposeString('eventSlug'),
  }),
})

interface PubSubContext {
  pubsub: { subscribe(topics: string | string[]): Promise<AsyncIterable<unknown>> }
}

builder.subscriptionField('myNavigationChanged', (t) =>
  t.field({
    type: NavigationChangedRef,
    description:
      "Fires when the signed-in member's sidebar may have changed: releases of an event they applied to, or their own application's status.",
    subscribe: (_root, _args, ctx) => {
      const viewer = requireViewer(ctx)
      const { pubsub } = ctx as unknown as PubSubContext
      async function* changes(): AsyncGenerator<NavigationChanged> {
        const messages = await pubsub.subscribe([APPLICATION_CHANGED_TOPIC, EVENT_RELEASES_CHANGED_TOPIC])
        for await (const payload of messages) {
          const change = await navigationChangeFor(ctx.db, viewer.id, payload)
          if (change) yield change
        }
      }
      return changes()
    },
    resolve: (payload) => payload as NavigationChanged,
  }),
)
