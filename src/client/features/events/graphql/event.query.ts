import { graphql } from '#client/gql/gql.ts'

/** One event by slug, for the pages under it. NOT_FOUND when it does not exist or is a hidden draft. */
export const EventQuery = graphql(`
  query Event($slug: String!) {
    event(slug: $slug) {
      id
      slug
      type
      title
      showName
      startDate
      endDate
    }
  }
`)
