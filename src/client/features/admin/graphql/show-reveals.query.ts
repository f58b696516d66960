import { graphql } from '#client/gql/gql.ts'

/** Events with a show name and their reveal times, soonest first. */
export const ShowRevealsQuery = graphql(`
  query ShowReveals {
    showReveals {
      id
      slug
      title
      showName
      revealAt
      visibility
    }
  }
`)

export const ScheduleShowRevealMutation = graphql(`
  mutation ScheduleShowReveal($id: ID!, $revealAt: DateTime!) {
    scheduleShowReveal(id: $id, revealAt: $revealAt) {
      ...ShowRevealFields
    }
  }
`)

export const RevealShowNowMutation = graphql(`
  mutation RevealShowNow($id: ID!) {
    revealShowNow(id: $id) {
      ...ShowRevealFields
    }
  }
`)

/** An event's reveal as the Show reveals page shows it: scheduling and revealing now return it. */
export const ShowRevealFieldsFragment = graphql(`
  fragment ShowRevealFields on AdminEvent {
    id
    revealAt
    showName
  }
`)
