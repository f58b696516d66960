import { Eye, EyeOff } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { ShowRevealsQuery as ShowRevealsData } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { fromDateTimeLocal, toDateTimeLocal } from '#client/lib/datetime-local.ts'
import {
  RevealShowNowMutation,
  ScheduleShowRevealMutation,
  ShowRevealsQuery,
} from '../graphql/show-reveals.query.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'

type Reveal = ShowRevealsData['showReveals'][number]

function isRevealed(reveal: Reveal, now: Date): boolean {
  return reveal.revealAt === null || reveal.revealAt === undefined || new Date(reveal.revealAt) <= now
}

function NamePreview({ name }: { name: string }) {
  const [shown, setShown] = useState(false)
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <Button variant="secondary" aria-pressed={shown} onClick={() => setShown(!shown)}>
        {shown ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
        Preview the name
      </Button>
      {shown ? <span className="text-lg font-bold text-brand-950">{name}</span> : null}
    </div>
  )
}

function RevealCard({ reveal, timeZone }: { reveal: Reveal; timeZone: string }) {
  const headingId = useId()
  const [value, setValue] = useState(() => toDateTimeLocal(reveal.revealAt, timeZone))
  const [localProblem, setProblem] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const scheduling = useAppMutation(ScheduleShowRevealMutation, { report: 'inline' })
  const revealing = useAppMutation(RevealShowNowMutation, { report: 'inline' })
  const problem = localProblem ?? scheduling.message ?? revealing.message
  const revealed = isRevealed(reveal, new Date())

  async function onSchedule(event: FormEvent) {
    event.preventDefault()
    const revealAt = fromDateTimeLocal(value, timeZone)
    if (!revealAt) {
      setProblem('Give a date and time for the reveal.')
      return
    }
    if (new Date(revealAt) <= new Date()) {
      setProblem('The reveal time must be in the future. Use “Reveal now” to reveal it at once.')
      return
    }
    setProblem(null)
    revealing.reset()
    await scheduling.run(
      { id: reveal.id, revealAt },
      { success: `Reveal scheduled for ${formatDateTime(revealAt, timeZone)}.` },
    )
  }

  async function onRevealNow() {
    setProblem(null)
    scheduling.reset()
    await revealing.run({ id: reveal.id }, { success: `${reveal.showName ?? reveal.title} is revealed.` })
    setConfirming(false)
  }

  return (
    <li>
      <Panel as="article" aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-bold text-brand-950">
          {reveal.title}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {revealed
            ? `Revealed${reveal.revealAt ? ` on ${formatDateTime(reveal.revealAt, timeZone)}` : ''}.`
            : reveal.revealAt
              ? `Reveal scheduled for ${formatDateTime(reveal.revealAt, timeZone)}.`
              : 'No reveal time set.'}
        </p>
        {reveal.showName ? <NamePreview name={reveal.showName} /> : null}
        {!revealed ? (
          <>
            <form onSubmit={onSchedule} noValidate className="mt-4 flex flex-wrap items-end gap-3">
              <TextField
                label={`Reveal time (${timeZone})`}
                hint="On the society's clocks."
                type="datetime-local"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                error={problem}
                className="min-w-0 grow sm:grow-0"
              />
              <Button type="submit" variant="secondary" pending={scheduling.fetching}>
                {reveal.revealAt ? 'Reschedule' : 'Schedule'}
              </Button>
            </form>
            <div className="mt-4">
              {confirming ? (
                <div
                  role="alertdialog"
                  aria-labelledby={`${headingId}-confirm`}
                  className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300"
                >
                  <p id={`${headingId}-confirm`} className="font-semibold text-amber-950">
                    Reveal {reveal.showName ? `“${reveal.showName}”` : 'the show'} to everyone now? This
                    cannot be undone.
                  </p>
                  <div className="mt-3 flex flex-wrap gap-3">
                    <Button onClick={onRevealNow} pending={revealing.fetching}>
                      Yes, reveal now
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirming(false)}>
                      Cancel
                    </Button>
                  </div>
                </div>
              ) : (
                <Button onClick={() => setConfirming(true)}>Reveal now</Button>
              )}
            </div>
          </>
        ) : null}
      </Panel>
    </li>
  )
}

/** `/admin/show-reveals`: when each show's name is revealed; schedule, postpone, preview, reveal now. */
export function ShowRevealsPage() {
  const query = useQuery({ query: ShowRevealsQuery, requestPolicy: 'cache-and-network' })
  const timeZone = useSocietyTimeZone()
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Show Reveals · Stagedoor</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Show Reveals</h1>
      <p className="mt-2 text-slate-700">
        Until its reveal time a show&apos;s name is hidden from everyone but admins.
      </p>
      <QueryView query={query} loadingLabel="Loading the reveals…" what="the reveals" level={2}>
        {({ showReveals }) =>
          !timeZone ? null : showReveals.length === 0 ? (
            <Panel as="p" className="mt-8 text-slate-700">
              No event has a show name to reveal.
            </Panel>
          ) : (
            <ul className="mt-8 grid gap-4" aria-label="Show reveals">
              {showReveals.map((reveal) => (
                <RevealCard key={reveal.id} reveal={reveal} timeZone={timeZone} />
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  )
}
