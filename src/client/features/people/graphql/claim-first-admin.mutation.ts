import { graphql } from '#client/gql/gql.ts'

/** The first-run setup link's button: the signed-in person becomes the first superAdmin. */
export const ClaimFirstAdminMutation = graphql(`
  mutation ClaimFirstAdmin($token: String!) {
    claimFirstAdmin(token: $token) {
      id
      roles
    }
  }
`)
