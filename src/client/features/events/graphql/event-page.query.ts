import { graphql } from '#client/gql/gql.ts'

/** One event with its description and audience pages, for `/listings/:slug` and `/events/:slug`. */
export const EventPageQuery = graphql(`
  query EventPage($slug: String!) {
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
      summary
      venue
      descriptionHtml
      auditionInfoHtml
      ...TicketCallToActionFields
      openApplicationTypes {
        key
        label
      }
      applicationTypes {
        ...ApplicationTypeChoiceFields
      }
      audienceTypes {
        key
        title
        contentHtml
      }
      myRehearsals {
        date
        label
      }
    }
  }
`)
