import { graphql } from '#client/gql/gql.ts'

/** `/applications/:eventSlug`: which kinds of application the event takes now. */
export const ApplyChoiceQuery = graphql(`
  query ApplyChoice($slug: String!) {
    event(slug: $slug) {
      id
      slug
      title
      showName
      revealAt
      signupDeadline
      applicationTypes {
        ...ApplicationTypeChoiceFields
      }
      openApplicationTypes {
        key
        label
        auditionRequired
      }
    }
  }
`)

/** `/applications/:eventSlug/:applicationType`: the form, prefill, draft and any application. */
export const ApplicationFormQuery = graphql(`
  query ApplicationForm($eventSlug: String!, $type: String!) {
    applicationForm(eventSlug: $eventSlug, type: $type) {
      applicationType
      label
      auditionRequired
      closedReason
      closedMessage
      draft
      questions {
        key
        label
        kind
        required
        help
        options
        maxLength
      }
      profile {
        name
        phone
        emergencyContact {
          ...EmergencyContactFields
        }
      }
      event {
        id
        slug
        title
        showName
        revealAt
        signupDeadline
      }
      application {
        id
        status
        version
        answers
        viewerCan {
          edit
        }
      }
    }
  }
`)

export const SaveApplicationDraftMutation = graphql(`
  mutation SaveApplicationDraft($eventSlug: String!, $type: String!, $data: JSON!) {
    saveApplicationDraft(eventSlug: $eventSlug, type: $type, data: $data)
  }
`)

export const SubmitApplicationMutation = graphql(`
  mutation SubmitApplication(
    $eventSlug: String!
    $type: String!
    $profile: ProfileEssentialsInput!
    $answers: JSON!
  ) {
    submitApplication(eventSlug: $eventSlug, type: $type, profile: $profile, answers: $answers) {
      ...MyApplicationFields
      answers
    }
  }
`)

export const UpdateApplicationAnswersMutation = graphql(`
  mutation UpdateApplicationAnswers(
    $id: ID!
    $expectedVersion: Int!
    $profile: ProfileEssentialsInput!
    $answers: JSON!
  ) {
    updateApplicationAnswers(
      id: $id
      expectedVersion: $expectedVersion
      profile: $profile
      answers: $answers
    ) {
      id
      status
      version
      answers
      updatedAt
      viewerCan {
        edit
      }
    }
  }
`)
