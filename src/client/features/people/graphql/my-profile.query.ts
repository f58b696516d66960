import { graphql } from '#client/gql/gql.ts'

export const MyProfileQuery = graphql(`
  query MyProfile {
    myProfile {
      id
      email
      slug
      preferredName
      pronouns
      phone
      emergencyContact {
        ...EmergencyContactFields
      }
      voicePart
      instruments {
        instrument
        level
      }
      dietaryRequirements
      accessNeeds
      bio
      socialListOptIn
      emailPreferences {
        eventAnnouncements
        reminders
      }
      photoUrl
    }
  }
`)

export const UpdateMyProfileMutation = graphql(`
  mutation UpdateMyProfile($input: ProfileInput!) {
    updateMyProfile(input: $input) {
      id
      preferredName
      pronouns
      phone
      emergencyContact {
        ...EmergencyContactFields
      }
      voicePart
      instruments {
        instrument
        level
      }
      dietaryRequirements
      accessNeeds
      bio
      socialListOptIn
      emailPreferences {
        eventAnnouncements
        reminders
      }
      photoUrl
    }
  }
`)

export const RemoveProfilePhotoMutation = graphql(`
  mutation RemoveProfilePhoto {
    removeProfilePhoto {
      id
      photoUrl
    }
  }
`)

export const DeleteMyAccountMutation = graphql(`
  mutation DeleteMyAccount($confirmEmail: String!) {
    deleteMyAccount(confirmEmail: $confirmEmail)
  }
`)

export const MyMailingListsQuery = graphql(`
  query MyMailingLists {
    myMailingLists {
      ...MySubscriptionFields
    }
  }
`)

export const SetMyMailingListMutation = graphql(`
  mutation SetMyMailingList($slug: String!, $subscribed: Boolean!) {
    setMyMailingList(slug: $slug, subscribed: $subscribed) {
      ...MySubscriptionFields
    }
  }
`)

/** One of the member's mailing lists, as listed and as (un)subscribing returns it. */
export const MySubscriptionFieldsFragment = graphql(`
  fragment MySubscriptionFields on MySubscription {
    slug
    name
    description
    subscribed
  }
`)
