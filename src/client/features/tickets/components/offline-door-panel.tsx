import { useClient } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import type { SyncCheckInsMutation as Synced } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { DoorListQuery } from '../graphql/door-offline.queries.ts'
import { saveDoor, type DoorState } from '../offline-door.ts'

/**
 * The door's offline kit: download the list before the doors open, see what waits to sync, sync
 * (also by itself when the network comes back), and the double scans the sync found.
 */
export function OfflineDoorPanel({
  eventSlug,
  door,
  setDoor,
  syncing,
  onSync,
  conflicts,
}: {
  eventSlug: string
  door: DoorState | null
  setDoor: (door: DoorState) => void
  syncing: boolean
  onSync: () => void
  conflicts: Synced['syncCheckIns'] | null
}) {
  const client = useClient()
  const download = async () => {
    const r = await client.query(DoorListQuery, { eventSlug }, { requestPolicy: 'network-only' }).toPromise()
    if (!r.data) return
    const next = {
      downloadedAt: String(r.data.doorList.downloadedAt),
      entries: r.data.doorList.entries,
      pending: door?.pending ?? [],
    }
    saveDoor(eventSlug, next)
    setDoor(next)
  }
  return (
    <section aria-labelledby="offline-title" className="mt-8 rounded-lg border border-slate-200 p-4 text-sm">
      <h2 id="offline-title" className="font-semibold text-slate-900">
        Offline use
      </h2>
      <p className="mt-1 text-slate-700" data-door-list={door ? door.entries.length : 0}>
        {door
          ? `Ticket list on this device: ${door.entries.length} tickets, downloaded ${formatDateTime(door.downloadedAt)}.`
          : 'Download the ticket list so this door keeps working if the network drops.'}{' '}
        {door?.pending.length ? `${door.pending.length} offline scans wait to sync.` : ''}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void download()}>
          {door ? 'Download the list again' : 'Download for offline use'}
        </Button>
        {door?.pending.length ? (
          <Button variant="secondary" pending={syncing} onClick={onSync}>
            Sync offline scans
          </Button>
        ) : null}
      </div>
      {conflicts ? (
        <div role="status" className="mt-3">
          {conflicts.length === 0 ? (
            <p>Synced: no double scans.</p>
          ) : (
            <>
              <p className="font-semibold text-red-800">Double scans found when syncing:</p>
              <ul className="mt-1 list-disc pl-5" data-conflicts={conflicts.length}>
                {conflicts.map((c) => (
                  <li key={c.code}>
                    {c.code.slice(0, 10)}… let in offline {formatDateTime(c.at)}: {c.result.headline}
                    {c.result.at ? ` (${formatDateTime(c.result.at)})` : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </section>
  )
}
