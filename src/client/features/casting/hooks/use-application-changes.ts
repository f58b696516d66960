import { useEffect, useRef } from 'react'
import { useClient } from 'urql'
import type { ApplicationChangedSubscription as Change } from '#client/gql/graphql.ts'
import { ApplicationChangedSubscription } from '../graphql/casting.query.ts'

export type ApplicationChange = Change['applicationChanged']

/** Calls `onChange` for every change to the event's applications (another admin's or our own). */
export function useApplicationChanges(eventSlug: string, onChange: (change: ApplicationChange) => void) {
  const client = useClient()
  const callback = useRef(onChange)
  useEffect(() => {
    callback.current = onChange
  })
  useEffect(() => {
    // NOTE: a side effect per change, so this subscribes directly rather than through
    // useSubscription, whose reducer may run twice under StrictMode.
    const { unsubscribe } = client
      .subscription(ApplicationChangedSubscription, { eventSlug })
      .subscribe((result) => {
        const change = result.data?.applicationChanged
        if (change) callback.current(change)
      })
    return unsubscribe
  }, [client, eventSlug])
}
