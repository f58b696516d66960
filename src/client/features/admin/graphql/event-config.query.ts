import { graphql } from '#client/gql/gql.ts'

/** Every event as staff edit it, for `/admin/events`. */
export const AdminEventListQuery = graphql(`
  query AdminEventList($includeArchived: Boolean) {
    adminEvents(includeArchived: $includeArchived) {
      id
      slug
      type
      title
      showName
      visibility
      archivedAt
      startDate
      endDate
      eventConfig
      updatedAt
    }
  }
`)

/** One event's editable fields, for the edit form. */
export const AdminEventQuery = graphql(`
  query AdminEvent($slug: String!) {
    adminEvent(slug: $slug) {
      id
      slug
      type
      title
      showName
      summary
      description
      venue
      startDate
      endDate
      signupDeadline
      visibility
      audienceTypes
      eventConfig
    }
  }
`)

export const CreateEventMutation = graphql(`
  mutation CreateEvent($input: EventInput!) {
    createEvent(input: $input) {
      id
      slug
      visibility
    }
  }
`)

export const UpdateEventMutation = graphql(`
  mutation UpdateEvent($id: ID!, $input: EventInput!) {
    updateEvent(id: $id, input: $input) {
      id
      slug
      type
      title
      showName
      summary
      description
      venue
      startDate
      endDate
      signupDeadline
      visibility
      updatedAt
    }
  }
`)

export const PublishEventMutation = graphql(`
  mutation PublishEvent($id: ID!, $visibility: EventVisibility) {
    publishEvent(id: $id, visibility: $visibility) {
      ...EventVisibilityFields
    }
  }
`)

export const UnpublishEventMutation = graphql(`
  mutation UnpublishEvent($id: ID!) {
    unpublishEvent(id: $id) {
      ...EventVisibilityFields
    }
  }
`)

export const ArchiveEventMutation = graphql(`
  mutation ArchiveEvent($id: ID!) {
    archiveEvent(id: $id) {
      id
      archivedAt
      updatedAt
    }
  }
`)

export const UnarchiveEventMutation = graphql(`
  mutation UnarchiveEvent($id: ID!) {
    unarchiveEvent(id: $id) {
      id
      archivedAt
      visibility
      updatedAt
    }
  }
`)

export const DuplicateEventMutation = graphql(`
  mutation DuplicateEvent($id: ID!, $slug: String!, $title: String) {
    duplicateEvent(id: $id, slug: $slug, title: $title) {
      id
      slug
    }
  }
`)

export const SetEventReleasesMutation = graphql(`
  mutation SetEventReleases(
    $id: ID!
    $releaseParticipantInfoPack: Boolean
    $releaseFinalParticipantInfo: Boolean
    $releaseCastList: Boolean
  ) {
    setEventReleases(
      id: $id
      releaseParticipantInfoPack: $releaseParticipantInfoPack
      releaseFinalParticipantInfo: $releaseFinalParticipantInfo
      releaseCastList: $releaseCastList
    ) {
      id
      eventConfig
      updatedAt
    }
  }
`)

/** Whether an event is published: publishing and unpublishing return the same three fields. */
export const EventVisibilityFieldsFragment = graphql(`
  fragment EventVisibilityFields on AdminEvent {
    id
    visibility
    updatedAt
  }
`)
