import { Button } from '#client/components/ui/button.tsx'
import { formatDateTime } from '#client/lib/format.ts'
import { DOOR_PAYMENT_METHODS, DOOR_PAYMENT_WORDING, type DoorVerdict } from '#core/tickets/door.ts'
import type { DoorScan } from '../hooks/use-door.ts'

const TONE: Record<DoorVerdict, string> = {
  ADMIT: 'border-green-700 bg-green-50 text-green-900',
  COLLECT: 'border-amber-600 bg-amber-50 text-amber-950',
  REFUSE: 'border-red-700 bg-red-50 text-red-900',
}

/** Who the ticket is for: "Ada Lovelace · Adult · Table 3". */
export function scanWho(scan: DoorScan, separator = ' · '): string {
  return [scan.attendeeName, scan.typeName, scan.seat].filter(Boolean).join(separator)
}

/** "Scan 3: Collect £12.00. Ada Lovelace, Adult. Unpaid: collect £12.00 for this ticket…" */
export function scanAnnouncement(count: number, scan: DoorScan, timeZone?: string): string {
  const who = scan.attendeeName ? ` ${scanWho(scan, ', ')}.` : ''
  const money = scan.moneyLine ? ` ${scan.moneyLine}` : ''
  const when =
    scan.kind === 'ALREADY_USED' && scan.at ? ` Checked in ${formatDateTime(scan.at, timeZone)}.` : ''
  return `Scan ${count}: ${scan.headline}.${who}${money}${when}`
}

/** The last scan, green / amber / red, with "Paid at the door" when it says to collect. */
export function DoorScanResult({
  scan,
  timeZone,
  paying,
  onPaid,
}: {
  scan: DoorScan
  timeZone?: string
  paying: boolean
  onPaid: (method: (typeof DOOR_PAYMENT_METHODS)[number]) => void
}) {
  return (
    <div
      className={`rounded-lg border-2 p-4 ${TONE[scan.verdict]}`}
      data-scan={scan.kind}
      data-verdict={scan.verdict}
    >
      <p className="text-xl font-bold">{scan.headline}</p>
      {scan.attendeeName ? <p className="mt-1">{scanWho(scan)}</p> : null}
      {scan.moneyLine ? <p className="mt-1 font-semibold">{scan.moneyLine}</p> : null}
      {scan.kind === 'ALREADY_USED' && scan.at ? (
        <p className="mt-1">Checked in {formatDateTime(scan.at, timeZone)}</p>
      ) : null}
      {scan.kind === 'COLLECT' ? (
        <fieldset className="mt-3">
          <legend className="font-semibold">Paid at the door</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {DOOR_PAYMENT_METHODS.map((method) => (
              <Button
                key={method}
                pending={paying}
                aria-label={`Paid at the door: ${DOOR_PAYMENT_WORDING[method].toLowerCase()}`}
                onClick={() => onPaid(method)}
              >
                {DOOR_PAYMENT_WORDING[method]}
              </Button>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  )
}
