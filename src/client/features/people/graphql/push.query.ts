import { graphql } from '#client/gql/gql.ts'

export const PushSettingsQuery = graphql(`
  query PushSettings {
    pushPublicKey
    myProfile {
      id
      pushPreferences {
        ...PushPreferencesFields
      }
    }
  }
`)

export const PushSubscriptionActiveQuery = graphql(`
  query PushSubscriptionActive($endpoint: String!) {
    pushSubscriptionActive(endpoint: $endpoint)
  }
`)

export const SubscribeToPushMutation = graphql(`
  mutation SubscribeToPush($input: PushSubscriptionInput!) {
    subscribeToPush(input: $input)
  }
`)

export const UnsubscribeFromPushMutation = graphql(`
  mutation UnsubscribeFromPush($endpoint: String!) {
    unsubscribeFromPush(endpoint: $endpoint)
  }
`)

export const UpdatePushPreferencesMutation = graphql(`
  mutation UpdatePushPreferences($input: PushPreferencesInput!) {
    updatePushPreferences(input: $input) {
      id
      pushPreferences {
        ...PushPreferencesFields
      }
    }
  }
`)

/** The member's push switches, as read and as saved. */
export const PushPreferencesFieldsFragment = graphql(`
  fragment PushPreferencesFields on PushPreferences {
    offers
    releases
    showReveals
    ticketOffers
  }
`)
