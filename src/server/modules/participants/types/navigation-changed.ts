import { builder } from '#server/graphql/builder.ts'
import type { NavigationChanged } from '../navigation-live.ts'
import { NavigationChangeReasonEnum } from './navigation-change-reason.ts'

export const NavigationChangedRef = builder.objectRef<NavigationChanged>('NavigationChanged').implement({
  description: "Something in the member's sidebar changed: refetch it (NavItemsQuery).",
  fields: (t) => ({
    reason: t.field({ type: NavigationChangeReasonEnum, resolve: (c) => c.reason }),
    eventSlug: t.exposeString('eventSlug'),
  }),
})
