import { graphql } from '#client/gql/gql.ts'

/** The signed-in user's account changed (roles, sessions, deleted): check who we are again. */
export const AccountChangedSubscription = graphql(`
  subscription AccountChanged {
    myAccountChanged
  }
`)
