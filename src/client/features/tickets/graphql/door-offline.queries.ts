import { graphql } from '#client/gql/gql.ts'

export const DoorListQuery = graphql(`
  query DoorList($eventSlug: String!) {
    doorList(eventSlug: $eventSlug) {
      eventSlug
      downloadedAt
      entries {
        hash
        attendeeName
        typeName
        checkedInAt
        collectPence
      }
    }
  }
`)

export const SyncCheckInsMutation = graphql(`
  mutation SyncCheckIns($eventSlug: String!, $scans: [OfflineScanInput!]!) {
    syncCheckIns(eventSlug: $eventSlug, scans: $scans) {
      code
      at
      conflict
      payment
      result {
        ...DoorScanFields
      }
    }
  }
`)

export const DoorSummaryQuery = graphql(`
  query DoorSummary($eventSlug: String!, $name: String) {
    doorSummary(eventSlug: $eventSlug, name: $name) {
      eventSlug
      eventTitle
      checkedIn
      total
      matches {
        ticketId
        attendeeName
        buyerName
        typeName
        status
        checkedInAt
        collectPence
      }
    }
  }
`)
