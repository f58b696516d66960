import { Eye, EyeOff } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { DateTimeInput, Form, zodResolver } from '#client/components/ui/form/index.ts'
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

interface RevealValues {
  /** On the society's clocks, as the datetime-local input holds it. */
  revealAt: string
}

/** A reveal time must be given and in the future (the server checks the same; "Reveal now" is for now). */
const revealSchema = (timeZone: string) =>
  z.object({
    revealAt: z
      .string()
      .refine((value) => fromDateTimeLocal(value, timeZone) !== null, 'Give a date and time for the reveal.')
      .refine(
        (value) => new Date(fromDateTimeLocal(value, timeZone) ?? 0) > new Date(),
        'The reveal time must be in the future. Use “Reveal now” to reveal it at once.',
      ),
  })

function RevealCard({ reveal, timeZone }: { reveal: Reveal; timeZone: string }) {
  const headingId = useId()
  const form = useForm<RevealValues>({
    defaultValues: { revealAt: toDateTimeLocal(reveal.revealAt, timeZone) },
    resolver: zodResolver(revealSchema(timeZone)),
  })
  const [confirming, setConfirming] = useState(false)
  const scheduling = useAppMutation(ScheduleShowRevealMutation, { report: 'inline' })
  const revealing = useAppMutation(RevealShowNowMutation, { report: 'inline' })
  const problem = scheduling.message ?? revealing.message
  const revealed = isRevealed(reveal, new Date())

  async function onSchedule(values: RevealValues) {
    const revealAt = fromDateTimeLocal(values.revealAt, timeZone)
    if (!revealAt) return
    revealing.reset()
    await scheduling.run(
      { id: reveal.id, revealAt },
      {
        success: `Reveal scheduled for ${formatDateTime(revealAt, timeZone)}.`,
        form: { setError: form.setError },
      },
    )
  }

  async function onRevealNow() {
    form.clearErrors()
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
            <Form
              form={form}
              onSubmit={onSchedule}
              idPrefix={`reveal-${reveal.id}`}
              summary={false}
              className="mt-4 flex flex-wrap items-end gap-3"
            >
              <DateTimeInput<RevealValues>
                name="revealAt"
                label={`Reveal time (${timeZone})`}
                hint="On the society's clocks."
                className="min-w-0 grow sm:grow-0"
              />
              <Button type="submit" variant="secondary" pending={scheduling.fetching}>
                {reveal.revealAt ? 'Reschedule' : 'Schedule'}
              </Button>
            </Form>
            {problem ? (
              <p role="alert" className="mt-2 text-sm font-medium text-red-700">
                {problem}
              </p>
            ) : null}
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
