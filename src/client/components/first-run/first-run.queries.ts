import { graphql } from '#client/gql/gql.ts'

/** Whether this install still waits for its first society admin. */
export const SetupPendingQuery = graphql(`
  query SetupPending {
    setupPending
  }
`)

/** What a `/setup` link is before anyone presses its button. */
export const SetupLinkQuery = graphql(`
  query SetupLink($token: String!) {
    setupLink(token: $token)
  }
`)
