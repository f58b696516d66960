import { useEffect, useRef, useState } from 'react'
import { useClient, useQuery } from 'urql'
import { realtimeStatus, useRealtimeStatus } from '#client/lib/realtime-status.ts'
import { DoorCountSubscription } from '../graphql/box-office.queries.ts'
import { DoorSummaryQuery } from '../graphql/door-offline.queries.ts'

/** How often the count refreshes by itself while the live socket is down, to take in other doors' scans. */
const REFRESH_MS = 15_000

export interface DoorCountFigures {
  checkedIn: number
  total: number
}

/**
 * "In: 84 of 200", live (decision 0050): the server sends the count when the subscription starts and
 * again whenever a ticket of the event is checked in or sold at the box office, on any door. The
 * count is live once heard on the current socket; while the socket is down, it is fetched every 15
 * seconds instead (decision 0046's poll). Returns the latest count from either, and whether it is live.
 */
function useLiveDoorCount(eventSlug: string, fetched: DoorCountFigures | null) {
  const client = useClient()
  const socket = useRealtimeStatus()
  const [count, setCount] = useState<DoorCountFigures | null>(() =>
    fetched ? { checkedIn: fetched.checkedIn, total: fetched.total } : null,
  )
  // The socket generation the subscription last answered on: live while it is still the current one.
  const [heardOn, setHeardOn] = useState(-1)
  useEffect(() => {
    // NOTE: subscribed directly (not useSubscription, whose reducer may run twice under StrictMode).
    const { unsubscribe } = client.subscription(DoorCountSubscription, { eventSlug }).subscribe((result) => {
      const live = result.data?.doorCountChanged
      if (!live) return
      setCount({ checkedIn: live.checkedIn, total: live.total })
      setHeardOn(realtimeStatus().generation)
    })
    return unsubscribe
  }, [client, eventSlug])
  // A fetched count (after a scan here, or the poll) is the newest when it arrives: taken while
  // rendering, as React's "information from previous renders" pattern does, not in an effect.
  const [seen, setSeen] = useState(fetched)
  if (fetched !== seen) {
    setSeen(fetched)
    if (fetched) setCount({ checkedIn: fetched.checkedIn, total: fetched.total })
  }
  return { count, live: socket.open && heardOn === socket.generation }
}

/**
 * The door's header: the event and its live count (fetched again after every scan or sale here,
 * `changes`), and the search by name.
 */
export function useDoorSummary(eventSlug: string, changes: number) {
  const [name, setName] = useState('')
  const [query, refetch] = useQuery({
    query: DoorSummaryQuery,
    variables: { eventSlug, name: name.trim().length >= 2 ? name.trim() : null },
    requestPolicy: 'cache-and-network',
  })
  const summary = query.data?.doorSummary ?? null
  const { count, live } = useLiveDoorCount(eventSlug, summary)
  const liveRef = useRef(live)
  useEffect(() => {
    liveRef.current = live
  })
  useEffect(() => {
    if (changes > 0 && navigator.onLine) refetch({ requestPolicy: 'network-only' })
  }, [changes, refetch])
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!liveRef.current && navigator.onLine && document.visibilityState === 'visible')
        refetch({ requestPolicy: 'network-only' })
    }, REFRESH_MS)
    return () => window.clearInterval(timer)
  }, [refetch])
  return { summary, count, live, name, setName, searching: query.fetching }
}
