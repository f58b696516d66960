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
        id
        numberId
        part
        fileName
        contentType
        size
        url
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
      id
      numberId
      part
      fileName
      contentType
      size
      url
    }
  }
`)

export const RemoveLearningTrackMutation = graphql(`
  mutation RemoveLearningTrackMutation($id: ID!) {
    removeLearningTrack(id: $id)
  }
`)
