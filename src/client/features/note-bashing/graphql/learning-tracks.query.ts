import { graphql } from '#client/gql/gql.ts'

/** The note-bashing page: the event's numbers in running order, its parts and every track. */
export const LearningTracksQuery = graphql(`
  query LearningTracksQuery($eventSlug: String!) {
    learningTracks(eventSlug: $eventSlug) {
      eventId
      eventSlug
      eventTitle
      parts
      myPart
      numbers {
        id
        position
        label
        title
      }
      tracks {
        ...LearningTrackFields
      }
    }
  }
`)

export const AddLearningTrackMutation = graphql(`
  mutation AddLearningTrackMutation(
    $eventSlug: String!
    $numberId: ID!
    $part: String
    $fileKey: String!
    $fileName: String
  ) {
    addLearningTrack(
      eventSlug: $eventSlug
      numberId: $numberId
      part: $part
      fileKey: $fileKey
      fileName: $fileName
    ) {
      ...LearningTrackFields
    }
  }
`)

export const RemoveLearningTrackMutation = graphql(`
  mutation RemoveLearningTrackMutation($id: ID!) {
    removeLearningTrack(id: $id)
  }
`)

/** A learning track as listed and as adding one returns it. */
export const LearningTrackFieldsFragment = graphql(`
  fragment LearningTrackFields on LearningTrack {
    id
    numberId
    part
    fileName
    contentType
    size
    url
  }
`)
