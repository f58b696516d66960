import { graphql } from '#client/gql/gql.ts'

/** The checklist's shape: read by the dashboard and returned by both of its mutations. */
export const GettingStartedFields = graphql(`
  fragment GettingStartedFields on GettingStarted {
    complete
    dismissed
    items {
      item
      title
      hint
      link
      linkLabel
      done
      markable
    }
  }
`)

export const GettingStartedQuery = graphql(`
  query GettingStarted {
    gettingStarted {
      ...GettingStartedFields
    }
  }
`)

export const MarkGettingStartedDoneMutation = graphql(`
  mutation MarkGettingStartedDone($item: GettingStartedItem!) {
    markGettingStartedDone(item: $item) {
      ...GettingStartedFields
    }
  }
`)

export const DismissGettingStartedMutation = graphql(`
  mutation DismissGettingStarted {
    dismissGettingStarted {
      ...GettingStartedFields
    }
  }
`)
