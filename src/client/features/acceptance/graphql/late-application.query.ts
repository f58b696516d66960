import { graphql } from '#client/gql/gql.ts'

/** `/admin/acceptance/:eventSlug`: add a member's application after the deadline (admins). */
export const AddLateApplicationMutation = graphql(`
  mutation AddLateApplication($eventSlug: String!, $userEmail: String!, $type: String!, $notify: Boolean!) {
    addLateApplication(eventSlug: $eventSlug, userEmail: $userEmail, type: $type, notify: $notify) {
      id
      slug
      applicationType
      status
    }
  }
`)
