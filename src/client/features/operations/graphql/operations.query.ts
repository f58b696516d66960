import { graphql } from '#client/gql/gql.ts'

export const OperationsOverviewQuery = graphql(`
  query OperationsOverview($eventSlug: String!) {
    operationsOverview(eventSlug: $eventSlug) {
      eventSlug
      eventTitle
      eventType
      types {
        key
        label
      }
      parts
      participants {
        id
        userId
        name
        email
        applicationType
        typeLabel
        part
        status
        owedPence
        paidPence
        outstandingPence
        overdue
        dietary
        access
      }
      moneyByType {
        key
        label
        owedPence
        paidPence
        outstandingPence
      }
      moneyByLine {
        applicationType
        typeLabel
        key
        label
        dueDate
        owedPence
        paidPence
        outstandingPence
        overdueCount
      }
      moneyByMethod {
        ...MoneyByMethodFields
      }
    }
  }
`)

export const OperationsCsvQuery = graphql(`
  query OperationsCsv(
    $eventSlug: String!
    $tab: OperationsTab!
    $status: ApplicationStatus
    $part: String
    $type: String
    $search: String
    $sort: ParticipantSortKey
    $descending: Boolean
  ) {
    operationsCsv(
      eventSlug: $eventSlug
      tab: $tab
      status: $status
      part: $part
      type: $type
      search: $search
      sort: $sort
      descending: $descending
    )
  }
`)

export const NeedToKnowQuery = graphql(`
  query NeedToKnow($eventSlug: String!) {
    needToKnow(eventSlug: $eventSlug) {
      eventTitle
      hiddenAt
      rows {
        id
        name
        typeLabel
        part
        phone
        contactName
        contactPhone
        contactRelationship
        dietary
        access
      }
    }
  }
`)

export const AttendanceRegisterQuery = graphql(`
  query AttendanceRegister($eventSlug: String!, $date: String) {
    attendanceRegister(eventSlug: $eventSlug, date: $date) {
      eventSlug
      dates {
        date
        kind
        label
      }
      date {
        date
        kind
        label
      }
      lines {
        userId
        name
        typeLabel
        part
        mark
      }
    }
  }
`)

export const MarkAttendanceMutation = graphql(`
  mutation MarkAttendance($eventSlug: String!, $date: String!, $userId: String!, $mark: AttendanceMark!) {
    markAttendance(eventSlug: $eventSlug, date: $date, userId: $userId, mark: $mark)
  }
`)

export const ChasePreviewQuery = graphql(`
  query ChasePreview($eventSlug: String!) {
    chasePreview(eventSlug: $eventSlug) {
      subject
      text
      recipients {
        userId
        name
        email
        outstandingPence
        nextChaseAt
        canChaseNow
      }
    }
  }
`)

export const SendChaseMutation = graphql(`
  mutation SendChase($eventSlug: String!) {
    sendChase(eventSlug: $eventSlug) {
      userId
    }
  }
`)

export const OperationsEventsQuery = graphql(`
  query OperationsEvents {
    acceptanceEvents {
      ...AcceptanceEventFields
    }
  }
`)

export const MessagePreviewQuery = graphql(`
  query MessagePreview(
    $eventSlug: String!
    $filter: ParticipantFilterInput!
    $subject: String!
    $body: String!
  ) {
    messagePreview(eventSlug: $eventSlug, filter: $filter, subject: $subject, body: $body) {
      subject
      text
      html
      recipients {
        userId
        name
        email
      }
    }
  }
`)

export const SendParticipantMessageMutation = graphql(`
  mutation SendParticipantMessage(
    $eventSlug: String!
    $filter: ParticipantFilterInput!
    $subject: String!
    $body: String!
  ) {
    sendParticipantMessage(eventSlug: $eventSlug, filter: $filter, subject: $subject, body: $body) {
      userId
    }
  }
`)
