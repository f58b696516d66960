import { graphql } from '#client/gql/gql.ts'

/** `/admin/system/outbox`: mail queued, sent or failed (superAdmin). */
export const OutboxQuery = graphql(`
  query Outbox($status: OutboxStatus, $offset: Int) {
    outbox(status: $status, limit: 50, offset: $offset) {
      id
      to
      subject
      template
      status
      attempts
      lastError
      createdAt
      sentAt
    }
  }
`)

export const RetryOutboxMessageMutation = graphql(`
  mutation RetryOutboxMessage($id: ID!) {
    retryOutboxMessage(id: $id) {
      id
      status
    }
  }
`)

/** `/admin/system/jobs`: background jobs, failed ones first to look at (superAdmin). */
export const JobsQuery = graphql(`
  query Jobs($status: JobStatus, $offset: Int) {
    jobs(status: $status, limit: 50, offset: $offset) {
      id
      name
      status
      attempts
      maxAttempts
      runAt
      lastError
      createdAt
      completedAt
    }
  }
`)

export const RetryJobMutation = graphql(`
  mutation RetryJob($id: ID!) {
    retryJob(id: $id) {
      id
      status
      attempts
    }
  }
`)
