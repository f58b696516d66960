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
      result {
        kind
        label
        at
      }
    }
  }
`)
