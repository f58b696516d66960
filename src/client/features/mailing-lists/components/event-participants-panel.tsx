import { useState, type FormEvent } from 'react'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { AddEventParticipantsMutation, ParticipantEventsQuery } from '../graphql/list-maintenance.query.ts'

/**
 * Put an event's participants (CONFIRMED or PAID) on the list. Safe to press twice: addresses already
 * on the list, unsubscribed ones included, are left as they are.
 */
export function EventParticipantsPanel({ slug, onDone }: { slug: string; onDone: () => void }) {
  const [events] = useQuery({ query: ParticipantEventsQuery })
  const [eventSlug, setEventSlug] = useState('')
  const [result, setResult] = useState<string | null>(null)
  const add = useAppMutation(AddEventParticipantsMutation, { report: 'inline' })
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!eventSlug) return setResult('Choose an event first.')
    const outcome = await add.run({ slug, eventSlug })
    if (outcome.ok) {
      const r = outcome.data.addEventParticipantsToList
      setResult(
        `${String(r.added)} added of ${String(r.participants)} participants; ${String(r.alreadyOnList)} already on the list (left as they were).`,
      )
      onDone()
    } else setResult(outcome.message ?? outcome.failure.message)
  }
  return (
    <Panel as="section" aria-labelledby="participants-title" className="mt-6">
      <h2 id="participants-title" className="text-lg font-bold text-brand-950">
        Add an event’s participants
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Members with a confirmed or paid place join as subscribed. Anyone already on the list, including those
        who unsubscribed, is left alone.
      </p>
      <form onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow">
          <label htmlFor="participants-event" className="block text-sm font-semibold text-slate-900">
            Event
          </label>
          <select
            id="participants-event"
            className={`mt-1 w-full ${fieldClass()}`}
            value={eventSlug}
            onChange={(e) => setEventSlug(e.target.value)}
          >
            <option value="">Choose an event</option>
            {(events.data?.events ?? []).map((e) => (
              <option key={e.id} value={e.slug}>
                {e.title}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" pending={add.fetching}>
          Add participants
        </Button>
      </form>
      {result ? (
        <p role="status" className="mt-3 text-sm text-slate-800">
          {result}
        </p>
      ) : null}
    </Panel>
  )
}
