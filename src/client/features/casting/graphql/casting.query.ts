import { graphql } from '#client/gql/gql.ts'

/** Events to cast, those with applications first, for the casting picker. */
export const CastingEventsQuery = graphql(`
  query CastingEvents {
    castingEvents {
      id
      slug
      title
      type
      startDate
      applicationCount
    }
  }
`)

/** One page of the casting list under a filter and sort. */
export const CastingApplicationsQuery = graphql(`
  query CastingApplications(
    $eventSlug: String!
    $filter: CastingFilter
    $sort: CastingSort
    $first: Int
    $after: String
  ) {
    castingApplications(eventSlug: $eventSlug, filter: $filter, sort: $sort, first: $first, after: $after) {
      event {
        ...CastingEventFields
      }
      totalCount
      nodes {
        ...CastingApplicationFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      statusCounts {
        key
        count
      }
      typeCounts {
        key
        count
      }
      partCounts {
        key
        count
      }
    }
  }
`)

/** One application with everything casting needs, and its neighbours in the list's order. */
export const CastingApplicationQuery = graphql(`
  query CastingApplication($eventSlug: String!, $slug: String!, $filter: CastingFilter, $sort: CastingSort) {
    castingApplication(eventSlug: $eventSlug, slug: $slug) {
      ...CastingApplicationFields
      event {
        ...CastingEventFields
      }
      answers {
        questionId
        label
        kind
        text
        fileName
        fileUrl
      }
      application {
        id
        applicant {
          id
          name
          email
          phone
          preferredName
          pronouns
          voicePart
          instruments {
            instrument
            level
          }
          studentStatus
          institution
          course
          graduationYear
          dietaryRequirements
          accessNeeds
          bio
        }
        reviews {
          id
          reviewerName
          score
          note
          updatedAt
          mine
        }
        myReview {
          id
          score
          note
        }
        pastParticipation {
          id
          eventSlug
          eventTitle
          eventType
          startDate
          applicationType
          status
          part
        }
        otherApplications {
          id
          slug
          applicationType
          status
          part
        }
      }
    }
    castingNeighbours(eventSlug: $eventSlug, slug: $slug, filter: $filter, sort: $sort) {
      previous
      next
      position
      totalCount
    }
  }
`)

export const SaveReviewMutation = graphql(`
  mutation SaveReview($applicationId: ID!, $score: Int, $note: String) {
    saveReview(applicationId: $applicationId, score: $score, note: $note) {
      id
      score
      note
      updatedAt
    }
  }
`)

export const AssignPartMutation = graphql(`
  mutation AssignPart($applicationId: ID!, $part: String, $expectedVersion: Int!) {
    assignPart(applicationId: $applicationId, part: $part, expectedVersion: $expectedVersion) {
      ...CastingApplicationFields
    }
  }
`)

/** Changes other admins make to the event's applications, as they happen. */
export const ApplicationChangedSubscription = graphql(`
  subscription ApplicationChanged($eventSlug: String!) {
    applicationChanged(eventSlug: $eventSlug) {
      applicationId
      status
      version
      application {
        ...CastingApplicationFields
      }
    }
  }
`)

/** The event as the casting pages show it. */
export const CastingEventFieldsFragment = graphql(`
  fragment CastingEventFields on CastingEvent {
    id
    slug
    title
    parts
    applicationTypes {
      key
      label
    }
  }
`)

/** One application as the casting table shows it: the list, an assigned part and a live change update the same cache entry. */
export const CastingApplicationFieldsFragment = graphql(`
  fragment CastingApplicationFields on CastingApplication {
    id
    slug
    name
    preferredName
    pronouns
    voicePart
    applicationType
    status
    part
    averageScore
    reviewCount
    submittedAt
    version
  }
`)
