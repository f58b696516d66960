import { useQuery } from 'urql'
import type { GettingStartedItem } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import {
  DismissGettingStartedMutation,
  GettingStartedQuery,
  MarkGettingStartedDoneMutation,
} from '../graphql/getting-started.queries.ts'

/** The dashboard's getting-started checklist: read fresh each visit, marked and put away here. */
export function useGettingStarted() {
  const [query, refetch] = useQuery({ query: GettingStartedQuery, requestPolicy: 'cache-and-network' })
  const checklist = query.data?.gettingStarted
  const mark = useAppMutation(MarkGettingStartedDoneMutation)
  const dismiss = useAppMutation(DismissGettingStartedMutation)
  const reread = () => refetch({ requestPolicy: 'network-only' })
  return {
    checklist: checklist ?? null,
    marking: mark.fetching,
    dismissing: dismiss.fetching,
    markDone: async (item: GettingStartedItem) => {
      const outcome = await mark.run({ item }, { success: 'Marked done.' })
      if (outcome.ok) reread()
    },
    dismiss: async () => {
      const outcome = await dismiss.run({}, { success: 'Checklist put away.' })
      if (outcome.ok) reread()
    },
  }
}
