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
        name
        phone
        relationship
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
        name
        phone
        relationship
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
      slug
      name
      description
      subscribed
    }
  }
`)

export const SetMyMailingListMutation = graphql(`
  mutation SetMyMailingList($slug: String!, $subscribed: Boolean!) {
    setMyMailingList(slug: $slug, subscribed: $subscribed) {
      slug
      name
      description
      subscribed
    }
  }
`)
