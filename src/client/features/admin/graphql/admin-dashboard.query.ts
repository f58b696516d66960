import { graphql } from '#client/gql/gql.ts'

/** The admin home: applications by status, upcoming events with deadlines, recent activity. */
export const AdminDashboardQuery = graphql(`
  query AdminDashboard {
    adminDashboard {
      applicationsByStatus {
        status
        count
      }
      upcomingEvents {
        id
        slug
        title
        startDate
        signupDeadline
      }
      recentActivityCount
      todo {
        kind
        eventSlug
        eventTitle
        text
        count
        link
        at
      }
      recentActivity {
        id
        action
        entityType
        actorName
        at
        link
      }
    }
  }
`)
