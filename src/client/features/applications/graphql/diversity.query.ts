import { graphql } from '#client/gql/gql.ts'

/** `/applications/:eventSlug/diversity`: the questions and which applications still may answer. */
export const DiversitySurveyQuery = graphql(`
  query DiversitySurvey($eventSlug: String!) {
    diversitySurvey(eventSlug: $eventSlug) {
      event {
        id
        slug
        title
        showName
        revealAt
      }
      questions {
        key
        label
        options
      }
      applications {
        id
        applicationTypeLabel
        diversityAnswered
      }
    }
  }
`)

export const SubmitDiversitySurveyMutation = graphql(`
  mutation SubmitDiversitySurvey($applicationId: ID!, $answers: JSON!) {
    submitDiversitySurvey(applicationId: $applicationId, answers: $answers) {
      id
      diversityAnswered
    }
  }
`)
