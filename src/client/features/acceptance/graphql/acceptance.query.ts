import { graphql } from '#client/gql/gql.ts'

export const AcceptanceEventsQuery = graphql(`
  query AcceptanceEvents {
    acceptanceEvents {
      ...AcceptanceEventFields
    }
  }
`)

export const AcceptanceOverviewQuery = graphql(`
  query AcceptanceOverview($eventSlug: String!) {
    acceptanceOverview(eventSlug: $eventSlug) {
      eventId
      eventSlug
      eventTitle
      types {
        key
        label
        capacity
        placesHeld
        placesLeft
        offerExpiryDays
        autoOfferFromWaitlist
        counts {
          submitted
          waitlisted
          offered
          confirmed
          paid
        }
      }
      applications {
        id
        slug
        applicationType
        status
        version
        statusChangedAt
        offerExpiresAt
        applicantName
        applicantEmail
        submittedAt
        part
        voicePart
        averageScore
        owedPence
        outstandingPence
        canRecordPayment
      }
    }
  }
`)

export const PreviewDecisionsQuery = graphql(`
  query PreviewDecisions(
    $eventSlug: String!
    $applicationIds: [ID!]!
    $action: DecisionAction!
    $offerExpiresAt: DateTime
  ) {
    previewDecisions(
      eventSlug: $eventSlug
      applicationIds: $applicationIds
      action: $action
      offerExpiresAt: $offerExpiresAt
    ) {
      applicationId
      applicantName
      applicantEmail
      currentStatus
      resultingStatus
      refusal
      offerExpiresAt
      email {
        template
        subject
        text
      }
    }
  }
`)

export const DecideApplicationsMutation = graphql(`
  mutation DecideApplications(
    $eventSlug: String!
    $applicationIds: [ID!]!
    $action: DecisionAction!
    $offerExpiresAt: DateTime
    $expectedVersions: [Int!]
  ) {
    decideApplications(
      eventSlug: $eventSlug
      applicationIds: $applicationIds
      action: $action
      offerExpiresAt: $offerExpiresAt
      expectedVersions: $expectedVersions
    ) {
      id
      status
    }
  }
`)

export const PromoteFromWaitlistMutation = graphql(`
  mutation PromoteFromWaitlist($eventSlug: String!, $type: String!) {
    promoteFromWaitlist(eventSlug: $eventSlug, type: $type) {
      id
      status
    }
  }
`)

export const EmailTemplatesQuery = graphql(`
  query EmailTemplates {
    emailTemplates {
      key
      subject
      body
      customised
      defaultSubject
      defaultBody
    }
    emailTemplatePlaceholders {
      name
      description
    }
  }
`)

export const PreviewEmailTemplateQuery = graphql(`
  query PreviewEmailTemplate($key: EmailTemplateKey!, $subject: String!, $body: String!) {
    previewEmailTemplate(key: $key, subject: $subject, body: $body) {
      subject
      text
      html
    }
  }
`)

export const UpdateEmailTemplateMutation = graphql(`
  mutation UpdateEmailTemplate($key: EmailTemplateKey!, $subject: String!, $body: String!) {
    updateEmailTemplate(key: $key, subject: $subject, body: $body) {
      ...EmailTemplateFields
    }
  }
`)

export const ResetEmailTemplateMutation = graphql(`
  mutation ResetEmailTemplate($key: EmailTemplateKey!) {
    resetEmailTemplate(key: $key) {
      ...EmailTemplateFields
    }
  }
`)

/** An email template as saving and resetting return it. */
export const EmailTemplateFieldsFragment = graphql(`
  fragment EmailTemplateFields on EmailTemplate {
    key
    subject
    body
    customised
  }
`)
