import { graphql } from '#client/gql/gql.ts'

export const AuditLogQuery = graphql(`
  query AuditLog(
    $actor: String
    $entityType: AuditEntityType
    $entityId: String
    $from: String
    $to: String
    $limit: Int
    $offset: Int
  ) {
    auditLog(
      actor: $actor
      entityType: $entityType
      entityId: $entityId
      from: $from
      to: $to
      limit: $limit
      offset: $offset
    ) {
      id
      action
      entityType
      entityId
      after
      createdAt
      actor {
        id
        name
      }
    }
  }
`)
