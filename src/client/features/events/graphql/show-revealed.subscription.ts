import { graphql } from '#client/gql/gql.ts'

/** A show's name at the moment it is revealed. */
export const ShowRevealedSubscription = graphql(`
  subscription ShowRevealed {
    showRevealed {
      eventId
      slug
      showName
      revealedAt
    }
  }
`)
