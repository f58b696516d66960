import { CalendarPlus, Copy } from 'lucide-react'
import { useId, useState } from 'react'
import { useQuery } from 'urql'
import { panelClass } from '#client/components/ui/panel.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { MyCalendarFeedQuery, RenewCalendarFeedMutation } from '../graphql/calendar-feed.query.ts'

/**
 * "Subscribe in your calendar": the member's private feed of their events (secret URL), with copy,
 * and a new link on request (after a confirmation, because the old one stops working).
 */
export function CalendarFeed() {
  const id = useId()
  const [query, refetch] = useQuery({ query: MyCalendarFeedQuery, requestPolicy: 'cache-and-network' })
  const renewing = useAppMutation(RenewCalendarFeedMutation)
  const [renewed, setRenewed] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [status, setStatus] = useState('')
  const url = renewed ?? query.data?.myCalendarFeed ?? null

  async function makeLink() {
    const outcome = await renewing.run({})
    setConfirming(false)
    if (!outcome.ok) return
    setRenewed(outcome.data.renewCalendarFeed)
    setStatus(url ? 'A new link is ready. The old one no longer works.' : 'Your calendar link is ready.')
    refetch({ requestPolicy: 'network-only' })
    requestAnimationFrame(() => document.getElementById(`${id}-url`)?.focus())
  }

  async function copy() {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      setStatus('Link copied.')
    } catch {
      const input = document.getElementById(`${id}-url`) as HTMLInputElement | null
      input?.select()
      setStatus('Select the link and copy it.')
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={`mt-10 ${panelClass()}`}>
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-bold text-brand-950">
        <CalendarPlus aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        Subscribe in your calendar
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Your events and rehearsals appear in Google Calendar, Apple Calendar or Outlook and stay up to date.
        The link is private to you: anyone who has it can see your events.
      </p>
      {query.fetching && !query.data && !renewed ? (
        <p className="mt-4 text-sm text-slate-700" role="status">
          Loading your calendar link…
        </p>
      ) : query.error && !renewed ? (
        <p className="mt-4 text-sm font-medium text-red-700">Your calendar link could not be loaded.</p>
      ) : url ? (
        <>
          <label htmlFor={`${id}-url`} className="mt-4 block text-sm font-semibold text-slate-900">
            Your private calendar link
          </label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
            <input
              id={`${id}-url`}
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className="block w-full min-w-0 rounded-lg border border-slate-400 bg-slate-50 px-3 py-2.5 font-mono text-sm text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
            />
            <Button variant="secondary" onClick={copy}>
              <Copy aria-hidden="true" className="size-4" />
              Copy link
            </Button>
          </div>
          <div className="mt-4">
            {confirming ? (
              <div
                role="alertdialog"
                aria-labelledby={`${id}-confirm`}
                className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300"
              >
                <p id={`${id}-confirm`} className="font-semibold text-amber-950">
                  Make a new link? Calendars using the old link stop updating; add the new one instead.
                </p>
                <div className="mt-3 flex flex-wrap gap-3">
                  <Button onClick={makeLink} pending={renewing.fetching} autoFocus>
                    Yes, make a new link
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                </div>
              </div>
            ) : (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Make a new link (the old one stops working)
              </Button>
            )}
          </div>
        </>
      ) : (
        <div className="mt-4">
          <Button onClick={makeLink} pending={renewing.fetching}>
            Make my calendar link
          </Button>
        </div>
      )}
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {status}
      </p>
    </section>
  )
}
