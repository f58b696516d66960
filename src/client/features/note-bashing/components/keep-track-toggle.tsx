import { useEffect, useId, useState } from 'react'
import { formatBytes } from '#core/files/upload-rules.ts'
import { canKeepOffline, dropFile, keepFile, keptSize } from '#client/lib/offline-keep.ts'
import { TRACKS_CACHE } from '#client/sw/offline-rules.ts'

type KeepState =
  | { kind: 'checking' }
  | { kind: 'off' }
  | { kind: 'saving' }
  | { kind: 'removing' }
  | { kind: 'on'; size: number }
  | { kind: 'failed'; message: string }

/** Whether a service worker controls the page (it answers kept tracks offline); follows a takeover. */
function useWorkerInControl(): boolean {
  const [inControl, setInControl] = useState(
    () => canKeepOffline() && navigator.serviceWorker.controller !== null,
  )
  useEffect(() => {
    if (!canKeepOffline()) return
    const update = () => setInControl(navigator.serviceWorker.controller !== null)
    navigator.serviceWorker.addEventListener('controllerchange', update)
    return () => navigator.serviceWorker.removeEventListener('controllerchange', update)
  }, [])
  return inControl
}

function statusText(state: KeepState): string {
  switch (state.kind) {
    case 'checking':
      return 'Checking this device…'
    case 'off':
      return 'Not saved on this device.'
    case 'saving':
      return 'Saving for offline…'
    case 'removing':
      return 'Removing from this device…'
    case 'on':
      return `Saved for offline · ${formatBytes(state.size)}`
    case 'failed':
      return state.message
  }
}

/**
 * "Keep on this device" for one learning track (issue 19, decision 0028): a switch that saves the
 * track's audio in the browser (lib/offline-keep.ts) so it plays without a signal, and removes it
 * again. The status line says whether it is saved and how large it is. Shown only where a service
 * worker can answer the kept copy (production builds).
 */
export function KeepTrackToggle({
  url,
  eventSlug,
  onKept,
}: {
  url: string
  eventSlug: string
  /** After a save: the page's own query is fetched again, so it is kept too. */
  onKept: () => void
}) {
  const inControl = useWorkerInControl()
  const [state, setState] = useState<KeepState>({ kind: 'checking' })
  const statusId = useId()

  useEffect(() => {
    if (!inControl) return
    let live = true
    keptSize(url, TRACKS_CACHE)
      .then((size) => live && setState(size === null ? { kind: 'off' } : { kind: 'on', size }))
      .catch(() => live && setState({ kind: 'off' }))
    return () => {
      live = false
    }
  }, [url, inControl])

  if (!inControl) return null
  const on = state.kind === 'on' || state.kind === 'removing'
  const busy = state.kind === 'checking' || state.kind === 'saving' || state.kind === 'removing'

  async function toggle() {
    if (on) {
      setState({ kind: 'removing' })
      try {
        await dropFile(url, TRACKS_CACHE)
        setState({ kind: 'off' })
      } catch {
        setState({ kind: 'failed', message: 'The track could not be removed from this device. Try again.' })
      }
      return
    }
    setState({ kind: 'saving' })
    try {
      const size = await keepFile(url, { cacheName: TRACKS_CACHE, event: eventSlug, kind: 'track' })
      setState({ kind: 'on', size })
      onKept()
    } catch {
      setState({
        kind: 'failed',
        message: 'The track could not be saved on this device. Check your connection and try again.',
      })
    }
  }

  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-brand-100 pt-4">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={statusId}
        aria-busy={busy}
        disabled={busy}
        onClick={() => void toggle()}
        className="inline-flex items-center gap-2 rounded-lg px-1 py-1 text-sm font-semibold text-brand-950 disabled:opacity-60"
      >
        <span
          aria-hidden="true"
          className={`flex h-6 w-11 shrink-0 items-center rounded-full border-2 p-0.5 transition-colors ${
            on ? 'justify-end border-brand-700 bg-brand-700' : 'justify-start border-slate-500 bg-slate-200'
          }`}
        >
          <span className="block h-4 w-4 rounded-full bg-white shadow ring-1 ring-slate-400/40" />
        </span>
        Keep on this device
      </button>
      <p
        id={statusId}
        role="status"
        className={`text-sm ${state.kind === 'failed' ? 'font-medium text-red-800' : 'text-slate-700'}`}
      >
        {statusText(state)}
      </p>
    </div>
  )
}
