import { useEffect, useRef, useState } from 'react'
import type { DoorScanFieldsFragment, SyncCheckInsMutation as Synced } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { offlineVerdict } from '#core/tickets/door-offline.ts'
import { DOOR_VERDICT, scanHeadline, scanMoneyLine, type DoorPaymentMethod } from '#core/tickets/door.ts'
import { SyncCheckInsMutation } from '../graphql/door-offline.queries.ts'
import { CheckInMutation, PayAtDoorMutation } from '../graphql/tickets.queries.ts'
import { loadDoor, saveDoor, sha256Hex, type DoorState } from '../offline-door.ts'

export type DoorScan = DoorScanFieldsFragment & { offline?: boolean }

/** The last scan and the code (or, picked by name, the ticket id) it was of, for "Paid at the door". */
interface LastScan {
  code: string
  ticketId?: string
  scan: DoorScan
}

/**
 * The door's state and actions: scan a code (online, else against the downloaded list), take
 * payment for a ticket that owes ("Paid at the door"), and sync the scans made offline.
 */
export function useDoor(eventSlug: string) {
  const [last, setLastState] = useState<LastScan | null>(null)
  // Each scan is announced, even when it gives the same result as the one before (the count differs).
  const [scans, setScans] = useState(0)
  const setLast = (next: LastScan) => {
    setLastState(next)
    setScans((n) => n + 1)
  }
  const check = useAppMutation(CheckInMutation, { report: 'inline' })
  const pay = useAppMutation(PayAtDoorMutation, { report: 'inline' })
  const sync = useAppMutation(SyncCheckInsMutation, { report: 'inline' })
  const [door, setDoor] = useState<DoorState | null>(() => loadDoor(eventSlug))
  const [conflicts, setConflicts] = useState<Synced['syncCheckIns'] | null>(null)
  const [offline, setOffline] = useState(false)

  const offlineScan = (kind: DoorScan['kind'], fields: Partial<DoorScan> = {}): DoorScan => ({
    kind,
    verdict: DOOR_VERDICT[kind],
    headline: `${scanHeadline({ kind, collectPence: fields.collectPence ?? 0 })} (offline)`,
    moneyLine: scanMoneyLine({ kind, ...fields }),
    at: null,
    attendeeName: null,
    typeName: null,
    collectPence: null,
    orderOwedPence: null,
    paidPence: null,
    seat: null,
    offline: true,
    ...fields,
  })

  /** Without the network: the downloaded list decides, and the scan waits to sync. */
  const checkOffline = async (code: string, state: DoorState, payment?: DoorPaymentMethod) => {
    const hash = await sha256Hex(code)
    const verdict = offlineVerdict(state.entries, state.pending, hash)
    setOffline(true)
    const admit = verdict.kind === 'VALID' || (verdict.kind === 'COLLECT' && payment)
    if (admit) {
      const scan = { code, hash, at: new Date().toISOString(), payment: payment ?? null }
      const next = { ...state, pending: [...state.pending, scan] }
      saveDoor(eventSlug, next)
      setDoor(next)
      const paidPence = verdict.kind === 'COLLECT' ? verdict.collectPence : null
      const { attendeeName, typeName } = verdict
      return setLast({ code, scan: offlineScan('VALID', { attendeeName, typeName, paidPence }) })
    }
    if (verdict.kind === 'COLLECT') {
      const { attendeeName, typeName, collectPence } = verdict
      return setLast({
        code,
        scan: offlineScan('COLLECT', { attendeeName, typeName, collectPence, orderOwedPence: collectPence }),
      })
    }
    setLast({
      code,
      scan: offlineScan(verdict.kind, verdict.kind === 'ALREADY_USED' ? { at: verdict.at } : {}),
    })
  }

  const submit = async (value: string) => {
    const code = value.trim()
    if (!code) return
    if (door && !navigator.onLine) return checkOffline(code, door)
    const r = await check.run({ eventSlug, code })
    if (r.ok) {
      setOffline(false)
      setLast({ code, scan: r.data.checkInTicket })
    } else if (door && r.failure.code === 'NETWORK') {
      check.reset()
      await checkOffline(code, door)
    }
  }

  /** Someone without their phone, found by name: checked in by the ticket's id (online only). */
  const checkInById = async (ticketId: string) => {
    const r = await check.run({ eventSlug, ticketId })
    if (r.ok) setLast({ code: '', ticketId, scan: r.data.checkInTicket })
  }

  /** "Paid at the door": the money for the last scan (which said COLLECT) was taken. */
  const paidAtDoor = async (method: DoorPaymentMethod) => {
    if (!last || last.scan.kind !== 'COLLECT') return
    const { code, ticketId } = last
    if (ticketId) {
      const r = await pay.run({ eventSlug, ticketId, method })
      if (r.ok) setLast({ code, ticketId, scan: r.data.payAtDoor })
      return
    }
    if (last.scan.offline || (door && !navigator.onLine))
      return door ? checkOffline(code, door, method) : undefined
    const r = await pay.run({ eventSlug, code, method })
    if (r.ok) setLast({ code, scan: r.data.payAtDoor })
    else if (door && r.failure.code === 'NETWORK') {
      pay.reset()
      await checkOffline(code, door, method)
    }
  }

  const runSync = async () => {
    const state = loadDoor(eventSlug)
    if (!state?.pending.length) return
    const r = await sync.run({
      eventSlug,
      scans: state.pending.map(({ code, at, payment }) => ({ code, at, payment: payment ?? null })),
    })
    if (!r.ok) return
    const latest = loadDoor(eventSlug) ?? state
    // Scans made while the sync ran were appended after the synced ones.
    const next = { ...latest, pending: latest.pending.slice(state.pending.length) }
    saveDoor(eventSlug, next)
    setDoor(next)
    setOffline(false)
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

  return {
    last: last?.scan ?? null,
    scans,
    submit,
    checkInById,
    paidAtDoor,
    door,
    setDoor,
    offline,
    conflicts,
    runSync,
    checking: check.fetching,
    paying: pay.fetching,
    syncing: sync.fetching,
    message: check.message ?? pay.message,
  }
}
