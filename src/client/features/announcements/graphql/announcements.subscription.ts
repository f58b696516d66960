import { graphql } from '#client/gql/gql.ts'

/** Site-wide notices as they are published. */
export const AnnouncementsSubscription = graphql(`
  subscription Announcements {
    announcements {
      id
      message
      authorName
      createdAt
    }
  }
`)
