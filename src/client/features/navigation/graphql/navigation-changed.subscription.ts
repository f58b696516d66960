import { graphql } from '#client/gql/gql.ts'

/** Something in the member's sidebar changed (releases, their application): refetch NavItemsQuery. */
export const NavigationChangedSubscription = graphql(`
  subscription NavigationChangedSubscription {
    myNavigationChanged {
      reason
      eventSlug
    }
  }
`)
