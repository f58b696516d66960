import { graphql } from '#client/gql/gql.ts'

/** An event's audition information, for `/events/:slug/auditions`. */
export const AuditionInfoQuery = graphql(`
  query AuditionInfo($slug: String!) {
    event(slug: $slug) {
      id
      slug
      type
      title
      showName
      revealAt
      startDate
      endDate
      signupDeadline
      venue
      auditionInfoHtml
      openApplicationTypes {
        key
        label
      }
      applicationTypes {
        ...ApplicationTypeChoiceFields
      }
    }
  }
`)
