import { graphql } from '#client/gql/gql.ts'

/** The events whose participants can be added to a list. */
export const ParticipantEventsQuery = graphql(`
  query ParticipantEvents {
    events {
      ...EventChoiceFields
    }
  }
`)

export const AddEventParticipantsMutation = graphql(`
  mutation AddEventParticipants($slug: String!, $eventSlug: String!) {
    addEventParticipantsToList(slug: $slug, eventSlug: $eventSlug) {
      participants
      added
      alreadyOnList
    }
  }
`)

export const MarkBouncedMutation = graphql(`
  mutation MarkSubscriberBounced($slug: String!, $subscriberId: ID!) {
    markMailingListSubscriberBounced(slug: $slug, subscriberId: $subscriberId) {
      id
      status
    }
  }
`)

export const EraseSubscriberMutation = graphql(`
  mutation EraseSubscriber($slug: String!, $subscriberId: ID!) {
    eraseMailingListSubscriber(slug: $slug, subscriberId: $subscriberId)
  }
`)
