import { useId, useState } from 'react'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { formatDateRange } from '#client/lib/format.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import {
  ArchiveEventMutation,
  PublishEventMutation,
  UnarchiveEventMutation,
  UnpublishEventMutation,
} from '../graphql/event-config.query.ts'
import type { AdminEventRow } from '../admin-event.ts'
import { DuplicateForm } from './duplicate-event-form.tsx'
import { Releases } from './event-releases.tsx'

const VISIBILITY_LABELS: Record<string, string> = {
  draft: 'Draft',
  members: 'Members only',
  public: 'Public',
}

/** One event of Event Config: its state, its actions (publish, duplicate, archive…) and releases. */
/** Publishing an event to an audience: the button's words from a draft and otherwise, and the toast. */
const PUBLISH_CHOICES = [
  {
    visibility: 'public',
    fromDraft: 'Publish',
    label: 'Make public',
    success: 'Event published to the public.',
  },
  {
    visibility: 'members',
    fromDraft: 'Publish to members only',
    label: 'Make members-only',
    success: 'Event published to signed-in members only.',
  },
] as const

export function EventRow({
  event,
  refresh,
  timeZone,
}: {
  event: AdminEventRow
  refresh: () => void
  timeZone?: string
}) {
  const headingId = useId()
  const [mode, setMode] = useState<'idle' | 'archive' | 'duplicate'>('idle')
  const publishing = useAppMutation(PublishEventMutation)
  const unpublishing = useAppMutation(UnpublishEventMutation)
  const archiving = useAppMutation(ArchiveEventMutation)
  const unarchiving = useAppMutation(UnarchiveEventMutation)
  const archived = Boolean(event.archivedAt)

  async function run(action: () => Promise<{ ok: boolean }>) {
    if ((await action()).ok) refresh()
  }

  return (
    <li>
      <Panel as="article" aria-labelledby={headingId} data-testid="admin-event">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-bold text-brand-950">
              {event.title}
            </h2>
            <p className="text-sm text-slate-700">
              <code className="break-all">{event.slug}</code> ·{' '}
              {formatDateRange(event.startDate, event.endDate, timeZone)}
            </p>
          </div>
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900 ring-1 ring-brand-200 ring-inset">
            {archived ? 'Archived' : (VISIBILITY_LABELS[event.visibility] ?? event.visibility)}
          </span>
        </div>
        {!archived ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink
              variant="secondary"
              to={`/admin/events/${encodeURIComponent(event.slug)}/edit`}
              aria-describedby={headingId}
            >
              Edit
            </ButtonLink>
            <ButtonLink
              variant="secondary"
              to={`/admin/events/${encodeURIComponent(event.slug)}/part-breakdown`}
              aria-describedby={headingId}
            >
              Part breakdown & files
            </ButtonLink>
            <ButtonLink
              variant="secondary"
              to={`/admin/events/${encodeURIComponent(event.slug)}/learning-tracks`}
              aria-describedby={headingId}
            >
              Learning tracks
            </ButtonLink>
            {PUBLISH_CHOICES.filter((c) => c.visibility !== event.visibility).map((choice) => (
              <Button
                key={choice.visibility}
                variant="secondary"
                aria-describedby={headingId}
                pending={publishing.fetching}
                onClick={() =>
                  run(() =>
                    publishing.run(
                      { id: event.id, visibility: choice.visibility },
                      { success: choice.success },
                    ),
                  )
                }
              >
                {event.visibility === 'draft' ? choice.fromDraft : choice.label}
              </Button>
            ))}
            {event.visibility !== 'draft' ? (
              <Button
                variant="secondary"
                aria-describedby={headingId}
                pending={unpublishing.fetching}
                onClick={() =>
                  run(() =>
                    unpublishing.run(
                      { id: event.id },
                      { success: 'Event unpublished: it is a draft again.' },
                    ),
                  )
                }
              >
                Unpublish
              </Button>
            ) : null}
            <Button variant="secondary" aria-describedby={headingId} onClick={() => setMode('duplicate')}>
              Duplicate
            </Button>
            <Button variant="secondary" aria-describedby={headingId} onClick={() => setMode('archive')}>
              Archive
            </Button>
          </div>
        ) : (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              aria-describedby={`${headingId} ${headingId}-unarchive`}
              pending={unarchiving.fetching}
              onClick={() =>
                run(() => unarchiving.run({ id: event.id }, { success: 'Event restored as a draft.' }))
              }
            >
              Un-archive
            </Button>
            <p id={`${headingId}-unarchive`} className="text-sm text-slate-700">
              It comes back as a draft; publish it again when it is ready.
            </p>
          </div>
        )}
        {mode === 'archive' ? (
          <div
            role="alertdialog"
            aria-labelledby={`${headingId}-archive`}
            className="mt-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300"
          >
            <p id={`${headingId}-archive`} className="font-semibold text-amber-950">
              Archive {event.title}? It leaves every list, and its pages stop working.
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <Button
                pending={archiving.fetching}
                onClick={() =>
                  run(() => archiving.run({ id: event.id }, { success: 'Event archived.' })).then(() =>
                    setMode('idle'),
                  )
                }
              >
                Yes, archive
              </Button>
              <Button variant="secondary" onClick={() => setMode('idle')}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
        {mode === 'duplicate' ? <DuplicateForm event={event} onDone={() => setMode('idle')} /> : null}
        {!archived ? <Releases event={event} /> : null}
      </Panel>
    </li>
  )
}
