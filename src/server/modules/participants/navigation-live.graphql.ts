import { builder } from '#server/graphql/builder.ts'
import { requireViewer } from '#server/graphql/guards.ts'
import { NAVIGATION_TOPICS, navigationChangeFor, type NavigationChanged } from './navigation-live.ts'
import { NavigationChangedRef } from './types/navigation-changed.ts'

builder.subscriptionField('myNavigationChanged', (t) =>
  t.field({
    type: NavigationChangedRef,
    description:
      "Fires when the signed-in member's sidebar may have changed: releases of an event they applied to, or their own application's status.",
    subscribe: (_root, _args, ctx) => {
      const viewer = requireViewer(ctx)
      const { pubsub } = ctx
      async function* changes(): AsyncGenerator<NavigationChanged> {
        const messages = await pubsub.subscribe([...NAVIGATION_TOPICS])
        for await (const message of messages) {
          const change = await navigationChangeFor(ctx, viewer.id, message)
          if (change) yield change
        }
      }
      return changes()
    },
    resolve: (change) => change,
  }),
)
