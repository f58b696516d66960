import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useParams } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { Form, TextInput } from '#client/components/ui/form/index.ts'
import type { CheckInTicketMutation, SyncCheckInsMutation as Synced } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { offlineVerdict } from '#core/tickets/door-offline.ts'
import { SCAN_LABEL } from '#core/tickets/tickets.ts'
import { formatPence } from '#core/money.ts'
import { SyncCheckInsMutation } from '../graphql/door-offline.queries.ts'
import { CheckInMutation } from '../graphql/tickets.queries.ts'
import { loadDoor, saveDoor, sha256Hex, type DoorState } from '../offline-door.ts'
import { OfflineDoorPanel } from './offline-door-panel.tsx'

type Scan = CheckInTicketMutation['checkInTicket']

const TONE: Record<string, string> = {
  VALID: 'border-green-700 bg-green-50 text-green-900',
  ALREADY_USED: 'border-red-700 bg-red-50 text-red-900',
  WRONG_EVENT: 'border-red-700 bg-red-50 text-red-900',
  UNKNOWN: 'border-red-700 bg-red-50 text-red-900',
}

/** `/admin/:eventSlug/tickets/check-in`: the door. Scan with the camera or type the code. */
export function CheckInPage() {
  const { eventSlug = '' } = useParams()
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } })
  const [last, setLastState] = useState<Scan | null>(null)
  // Each scan is announced, even when it gives the same result as the one before (the count differs).
  const [scans, setScans] = useState(0)
  const setLast = (scan: Scan) => {
    setLastState(scan)
    setScans((n) => n + 1)
  }
  const [camera, setCamera] = useState(false)
  const check = useAppMutation(CheckInMutation, { report: 'inline' })
  const sync = useAppMutation(SyncCheckInsMutation, { report: 'inline' })
  const [door, setDoor] = useState<DoorState | null>(() => loadDoor(eventSlug))
  const [conflicts, setConflicts] = useState<Synced['syncCheckIns'] | null>(null)
  const [offline, setOffline] = useState(false)

  /** Without the network: the downloaded list decides, and the scan waits to sync. */
  const checkOffline = async (value: string, state: DoorState) => {
    const hash = await sha256Hex(value)
    const verdict = offlineVerdict(state.entries, state.pending, hash)
    if (verdict.kind === 'VALID') {
      const next = {
        ...state,
        pending: [...state.pending, { code: value, hash, at: new Date().toISOString() }],
      }
      saveDoor(eventSlug, next)
      setDoor(next)
    }
    setOffline(true)
    setLast({
      kind: verdict.kind,
      label: `${SCAN_LABEL[verdict.kind]} (offline)`,
      at: verdict.kind === 'ALREADY_USED' ? verdict.at : null,
      attendeeName: verdict.kind === 'VALID' ? verdict.attendeeName : null,
      typeName: verdict.kind === 'VALID' ? verdict.typeName : null,
      owedPence: null,
      seat: null,
    })
  }
  const submit = async (value: string) => {
    const trimmed = value.trim()
    if (!trimmed) return
    form.reset({ code: '' })
    if (door && !navigator.onLine) return checkOffline(trimmed, door)
    const r = await check.run({ eventSlug, code: trimmed })
    if (r.ok) {
      setOffline(false)
      setLast(r.data.checkInTicket)
    } else if (door && r.failure.code === 'NETWORK') {
      check.reset()
      await checkOffline(trimmed, door)
    }
  }
  const runSync = async () => {
    const state = loadDoor(eventSlug)
    if (!state?.pending.length) return
    const r = await sync.run({ eventSlug, scans: state.pending.map(({ code: c, at }) => ({ code: c, at })) })
    if (!r.ok) return
    const latest = loadDoor(eventSlug) ?? state
    // Scans made while the sync ran were appended after the synced ones.
    const next = { ...latest, pending: latest.pending.slice(state.pending.length) }
    saveDoor(eventSlug, next)
    setDoor(next)
    setConflicts(r.data.syncCheckIns.filter((s) => s.conflict))
  }
  const runSyncRef = useRef(runSync)
  useEffect(() => {
    runSyncRef.current = runSync
  })
  useEffect(() => {
    const online = () => void runSyncRef.current()
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [])
  return (
    <div className="mx-auto max-w-md px-4 py-8 sm:px-8 sm:py-12">
      <title>Door check-in · Stagedoor</title>
      <h1 className="text-2xl font-bold text-slate-900">Door check-in</h1>
      <Form
        form={form}
        idPrefix="check-in"
        summary={false}
        className="mt-4 space-y-3"
        onSubmit={({ code }) => submit(code)}
      >
        <TextInput name="code" label="Ticket code" autoComplete="off" autoFocus />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={check.fetching}>
            Check in
          </Button>
          <Button variant="secondary" onClick={() => setCamera((c) => !c)}>
            {camera ? 'Stop camera' : 'Scan with camera'}
          </Button>
        </div>
      </Form>
      {camera ? <Scanner onCode={(c) => void submit(c)} /> : null}
      {offline ? (
        <p role="status" className="mt-3 text-sm font-semibold text-amber-800">
          Offline: checking against the downloaded list; scans sync when the network is back.
        </p>
      ) : null}
      <p className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="scan-announcer">
        {last ? scanAnnouncement(scans, last) : ''}
      </p>
      <div className="mt-6">
        {last ? (
          <div className={`rounded-lg border-2 p-4 ${TONE[last.kind] ?? ''}`} data-scan={last.kind}>
            <p className="text-xl font-bold">{last.label}</p>
            {last.kind === 'VALID' ? (
              <p className="mt-1">
                {[last.attendeeName, last.typeName, last.seat].filter(Boolean).join(' · ')}
                {last.owedPence ? ` · to pay ${formatPence(last.owedPence)}` : ''}
              </p>
            ) : null}
            {last.kind === 'ALREADY_USED' && last.at ? (
              <p className="mt-1">Checked in {formatDateTime(last.at)}</p>
            ) : null}
          </div>
        ) : null}
        {check.message ? (
          <p role="alert" className="text-sm text-red-700">
            {check.message}
          </p>
        ) : null}
      </div>
      <OfflineDoorPanel
        eventSlug={eventSlug}
        door={door}
        setDoor={setDoor}
        syncing={sync.fetching}
        onSync={() => void runSync()}
        conflicts={conflicts}
      />
    </div>
  )
}

/** "Scan 3: Valid: let them in. Ada Lovelace, Adult." */
function scanAnnouncement(count: number, scan: Scan): string {
  const who =
    scan.kind === 'VALID'
      ? ` ${[scan.attendeeName, scan.typeName, scan.seat].filter(Boolean).join(', ')}.`
      : ''
  const owed = scan.kind === 'VALID' && scan.owedPence ? ` To pay ${formatPence(scan.owedPence)}.` : ''
  const when = scan.kind === 'ALREADY_USED' && scan.at ? ` Checked in ${formatDateTime(scan.at)}.` : ''
  return `Scan ${count}: ${scan.label}.${who}${owed}${when}`
}

/** The phone camera through BarcodeDetector (the barcode-detector polyfill where the browser has none). */
function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const onCodeRef = useRef(onCode)
  useEffect(() => {
    onCodeRef.current = onCode
  }, [onCode])
  useEffect(() => {
    let stream: MediaStream | undefined
    let timer: number | undefined
    let lastCode = ''
    let stopped = false
    void (async () => {
      try {
        const { BarcodeDetector } = await import('barcode-detector/ponyfill')
        const detector = new BarcodeDetector({ formats: ['qr_code'] })
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } })
        if (stopped || !video.current) return
        video.current.srcObject = stream
        await video.current.play()
        const tick = async () => {
          if (stopped || !video.current) return
          const found = await detector.detect(video.current).catch(() => [])
          const value = found[0]?.rawValue
          if (value && value !== lastCode) {
            lastCode = value
            onCodeRef.current(value)
          }
          timer = window.setTimeout(() => void tick(), 250)
        }
        void tick()
      } catch {
        setProblem('The camera could not be opened: type the code instead.')
      }
    })()
    return () => {
      stopped = true
      if (timer) window.clearTimeout(timer)
      stream?.getTracks().forEach((t) => t.stop())
    }
  }, [])
  return (
    <div className="mt-4">
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <video
        ref={video}
        className="w-full rounded-lg bg-black"
        muted
        playsInline
        aria-label="Camera view for scanning"
      />
    </div>
  )
}
