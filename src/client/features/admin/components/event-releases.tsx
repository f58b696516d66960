import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { SetEventReleasesMutation } from '../graphql/event-config.query.ts'
import type { AdminEventRow } from '../admin-event.ts'

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

/** The release switches of one event: each moves at once and emails whom it concerns. */
export function Releases({ event }: { event: AdminEventRow }) {
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
