import { Plus } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { useQuery } from 'urql'
import { slugSchema } from '#core/events/event.schemas.ts'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { AdminEventListQuery as AdminEventListData } from '#client/gql/graphql.ts'
import { formatDateRange } from '#client/lib/format.ts'
import { problemsByField } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import {
  AdminEventListQuery,
  ArchiveEventMutation,
  DuplicateEventMutation,
  PublishEventMutation,
  SetEventReleasesMutation,
  UnarchiveEventMutation,
  UnpublishEventMutation,
} from '../graphql/event-config.query.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'

type AdminEventRow = AdminEventListData['adminEvents'][number]

const VISIBILITY_LABELS: Record<string, string> = {
  draft: 'Draft',
  members: 'Members only',
  public: 'Public',
}

const RELEASES = [
  ['releaseParticipantInfoPack', 'Participant info pack'],
  ['releaseFinalParticipantInfo', 'Final participant info'],
  ['releaseCastList', 'Cast list'],
] as const
type ReleaseKey = (typeof RELEASES)[number][0]

function permissionsOf(config: unknown): Record<ReleaseKey, boolean> {
  const permissions =
    typeof config === 'object' && config !== null
      ? ((config as { permissions?: Partial<Record<ReleaseKey, boolean>> }).permissions ?? {})
      : {}
  return {
    releaseParticipantInfoPack: permissions.releaseParticipantInfoPack === true,
    releaseFinalParticipantInfo: permissions.releaseFinalParticipantInfo === true,
    releaseCastList: permissions.releaseCastList === true,
  }
}

/** An info pack with no words for any application type: releasing it would email people about nothing. */
function infoPackIsEmpty(config: unknown): boolean {
  const packs =
    typeof config === 'object' && config !== null
      ? ((config as { content?: { infoPack?: Record<string, unknown> } }).content?.infoPack ?? {})
      : {}
  return !Object.values(packs).some((text) => typeof text === 'string' && text.trim() !== '')
}

function Releases({ event }: { event: AdminEventRow }) {
  const setReleases = useAppMutation(SetEventReleasesMutation)
  const permissions = permissionsOf(event.eventConfig)
  // The switch moves at once; the server's answer (or a failure) settles it.
  const [moving, setMoving] = useState<Partial<Record<ReleaseKey, boolean>>>({})
  const [confirmEmpty, setConfirmEmpty] = useState(false)

  async function change(key: ReleaseKey, on: boolean) {
    setMoving((m) => ({ ...m, [key]: on }))
    await setReleases.run({ id: event.id, [key]: on })
    setMoving((m) => {
      const { [key]: _settled, ...rest } = m
      return rest
    })
  }

  return (
    <fieldset
      className="mt-4 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100"
      aria-busy={setReleases.fetching}
    >
      <legend className="float-left mb-2 w-full text-sm font-semibold text-slate-900">Releases</legend>
      <div className="clear-left flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
        {RELEASES.map(([key, label]) => (
          <label key={key} className="inline-flex items-center gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={moving[key] ?? permissions[key]}
              onChange={(e) => {
                const on = e.target.checked
                if (key === 'releaseParticipantInfoPack' && on && infoPackIsEmpty(event.eventConfig)) {
                  setConfirmEmpty(true)
                  return
                }
                void change(key, on)
              }}
            />
            {label}
          </label>
        ))}
      </div>
      {confirmEmpty ? (
        <Dialog title="Release an empty info pack?" onClose={() => setConfirmEmpty(false)}>
          <p className="text-slate-800">
            The info pack of {event.title} has nothing in it yet. Releasing it emails every confirmed
            participant to read it. Add its text in Edit first, or release it anyway.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button data-autofocus variant="secondary" onClick={() => setConfirmEmpty(false)}>
              Not yet
            </Button>
            <Button
              onClick={() => {
                setConfirmEmpty(false)
                void change('releaseParticipantInfoPack', true)
              }}
            >
              Release anyway
            </Button>
          </div>
        </Dialog>
      ) : null}
    </fieldset>
  )
}

function DuplicateForm({ event, onDone }: { event: AdminEventRow; onDone: () => void }) {
  const [slug, setSlug] = useState(`${event.slug}-copy`)
  const [title, setTitle] = useState(event.title)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const duplicate = useAppMutation(DuplicateEventMutation, { report: 'inline' })
  const navigate = useNavigate()

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const parsed = slugSchema.safeParse(slug)
    if (!parsed.success) {
      setErrors({ slug: parsed.error.issues[0]?.message ?? 'Check the slug.' })
      return
    }
    const outcome = await duplicate.run(
      { id: event.id, slug: parsed.data, title: title.trim() || null },
      { success: 'Event duplicated as a draft.' },
    )
    if (!outcome.ok) {
      const fields = problemsByField(outcome.failure.fields)
      setErrors(Object.keys(fields).length ? fields : { slug: outcome.failure.message })
      return
    }
    onDone()
    navigate(`/admin/events/${encodeURIComponent(outcome.data.duplicateEvent.slug)}/edit`)
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-4 grid gap-3 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100"
    >
      <TextField
        label="New slug"
        value={slug}
        onChange={(e) => setSlug(e.target.value)}
        error={errors.slug}
        autoFocus
      />
      <TextField
        label="New title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={duplicate.fetching}>
          Duplicate
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function EventRow({
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
            {event.visibility !== 'public' ? (
              <Button
                variant="secondary"
                aria-describedby={headingId}
                pending={publishing.fetching}
                onClick={() =>
                  run(() =>
                    publishing.run(
                      { id: event.id, visibility: 'public' },
                      { success: 'Event published to the public.' },
                    ),
                  )
                }
              >
                {event.visibility === 'draft' ? 'Publish' : 'Make public'}
              </Button>
            ) : null}
            {event.visibility !== 'members' ? (
              <Button
                variant="secondary"
                aria-describedby={headingId}
                pending={publishing.fetching}
                onClick={() =>
                  run(() =>
                    publishing.run(
                      { id: event.id, visibility: 'members' },
                      { success: 'Event published to signed-in members only.' },
                    ),
                  )
                }
              >
                {event.visibility === 'draft' ? 'Publish to members only' : 'Make members-only'}
              </Button>
            ) : null}
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

/**
 * `/admin/events`: every event, with create, edit, publish (public or members only), duplicate,
 * archive and un-archive, and releases.
 */
export function AdminEventsPage() {
  const [includeArchived, setIncludeArchived] = useState(false)
  const query = useQuery({
    query: AdminEventListQuery,
    variables: { includeArchived },
    requestPolicy: 'cache-and-network',
  })
  const refresh = () => query[1]({ requestPolicy: 'network-only' })
  const timeZone = useSocietyTimeZone()
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Event Config · Stagedoor</title>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Event Config</h1>
        <ButtonLink to="/admin/events/new">
          <Plus aria-hidden="true" className="size-4" />
          Create event
        </ButtonLink>
      </div>
      <label className="mt-4 inline-flex items-center gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={includeArchived}
          onChange={(e) => setIncludeArchived(e.target.checked)}
        />
        Show archived events
      </label>
      <QueryView query={query} loadingLabel="Loading events…" what="the events" level={2}>
        {({ adminEvents }) => (
          <ul className="mt-6 grid gap-4" aria-label="Events">
            {adminEvents.map((event) => (
              <EventRow key={event.id} event={event} refresh={refresh} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  )
}
