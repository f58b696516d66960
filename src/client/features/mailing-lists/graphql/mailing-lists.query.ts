import { graphql } from '#client/gql/gql.ts'

export const MailingListsQuery = graphql(`
  query MailingLists {
    mailingLists {
      id
      slug
      name
      description
      isPublic
      doubleOptIn
      counts {
        ...SubscriberCountsFields
      }
    }
  }
`)

export const MailingListQuery = graphql(`
  query MailingList($slug: String!) {
    mailingList(slug: $slug) {
      id
      slug
      name
      description
      isPublic
      doubleOptIn
      welcomeMessage
      counts {
        ...SubscriberCountsFields
      }
    }
    mailingListMessages(slug: $slug) {
      ...ListMessageFields
    }
    mailingLists {
      ...MailingListNameFields
    }
  }
`)

/** A list's name and where it lives: the other lists on a list's page, and what creating one returns. */
export const MailingListNameFieldsFragment = graphql(`
  fragment MailingListNameFields on MailingList {
    id
    slug
    name
  }
`)

/** A message on a list's page, as sent, sending or scheduled; what the send and cancel return. */
export const ListMessageFieldsFragment = graphql(`
  fragment ListMessageFields on MailingListMessage {
    id
    subject
    status
    total
    queued
    createdAt
    sendAt
    listCount
  }
`)

export const MailingListSubscribersQuery = graphql(`
  query MailingListSubscribers(
    $slug: String!
    $search: String
    $status: SubscriberStatus
    $offset: Int
    $limit: Int
  ) {
    mailingListSubscribers(slug: $slug, search: $search, status: $status, offset: $offset, limit: $limit) {
      total
      offset
      items {
        id
        email
        name
        status
        source
        createdAt
      }
    }
  }
`)

export const MailingListExportQuery = graphql(`
  query MailingListExport($slug: String!) {
    mailingListExport(slug: $slug)
  }
`)

export const MailingListPreviewQuery = graphql(`
  query MailingListPreview($markdown: String!) {
    mailingListPreview(markdown: $markdown)
  }
`)

export const CreateMailingListMutation = graphql(`
  mutation CreateMailingList($input: MailingListInput!) {
    createMailingList(input: $input) {
      ...MailingListNameFields
    }
  }
`)

export const UpdateMailingListMutation = graphql(`
  mutation UpdateMailingList($slug: String!, $input: MailingListInput!) {
    updateMailingList(slug: $slug, input: $input) {
      id
      slug
      name
      description
      isPublic
      doubleOptIn
      welcomeMessage
    }
  }
`)

export const AddSubscriberMutation = graphql(`
  mutation AddMailingListSubscriber($slug: String!, $email: String!, $name: String) {
    addMailingListSubscriber(slug: $slug, email: $email, name: $name) {
      id
      email
    }
  }
`)

export const ImportSubscribersMutation = graphql(`
  mutation ImportMailingListSubscribers($slug: String!, $csv: String!, $dryRun: Boolean!) {
    importMailingListSubscribers(slug: $slug, csv: $csv, dryRun: $dryRun) {
      added
      updated
      unchanged
      keptUnsubscribed
      problems {
        line
        message
      }
    }
  }
`)

export const SendListMessageMutation = graphql(`
  mutation SendMailingListMessage(
    $slug: String!
    $subject: String!
    $markdown: String!
    $alsoTo: [String!]
    $sendAt: DateTime
  ) {
    sendMailingListMessage(
      slug: $slug
      subject: $subject
      markdown: $markdown
      alsoTo: $alsoTo
      sendAt: $sendAt
    ) {
      ...ListMessageFields
    }
  }
`)

export const CancelListMessageMutation = graphql(`
  mutation CancelMailingListMessage($id: ID!) {
    cancelMailingListMessage(id: $id) {
      ...ListMessageFields
    }
  }
`)

export const MailingListTemplatesQuery = graphql(`
  query MailingListTemplates {
    mailingListTemplates {
      ...MailingListTemplateFields
    }
  }
`)

/** A saved message to start from: the templates list and what saving one returns. */
export const MailingListTemplateFieldsFragment = graphql(`
  fragment MailingListTemplateFields on MailingListTemplate {
    id
    name
    subject
    markdown
  }
`)

export const SaveListTemplateMutation = graphql(`
  mutation SaveMailingListTemplate($name: String!, $subject: String!, $markdown: String!) {
    saveMailingListTemplate(name: $name, subject: $subject, markdown: $markdown) {
      ...MailingListTemplateFields
    }
  }
`)

export const SendListTestMutation = graphql(`
  mutation SendMailingListTest($slug: String!, $subject: String!, $markdown: String!) {
    sendMailingListTest(slug: $slug, subject: $subject, markdown: $markdown)
  }
`)

/** A list's subscriber counts, on the lists page and on one list's page. */
export const SubscriberCountsFieldsFragment = graphql(`
  fragment SubscriberCountsFields on SubscriberCounts {
    subscribed
    unconfirmed
    unsubscribed
    bounced
  }
`)
