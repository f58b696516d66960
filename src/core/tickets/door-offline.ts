import type { DoorPaymentMethod } from './door.ts'

// Offline check-in (decision 0022): the door downloads the event's tickets as SHA-256 hashes of
// their codes (a lost phone leaks no usable code), checks in against that list while the network is
// down, and syncs the scans after; the server decides, and a ticket another door let in first is
// reported as a conflict.

export interface DoorListEntry {
  /** Hex SHA-256 of the ticket code. */
  hash: string
  attendeeName: string
  typeName: string
  /** Checked in (online, before the download): ISO time, or null. */
  checkedInAt: string | null
  /** What the door collects for it (its own price, at most what its order owed at the download). */
  collectPence: number
}

export interface OfflineScan {
  code: string
  /** ISO time of the scan at this door. */
  at: string
  /** Money taken for it at this door ("Paid at the door"), recorded when the scan syncs. */
  payment?: DoorPaymentMethod | null
}

export type OfflineVerdict =
  | { kind: 'VALID'; attendeeName: string; typeName: string }
  | { kind: 'COLLECT'; attendeeName: string; typeName: string; collectPence: number }
  | { kind: 'ALREADY_USED'; at: string }
  | { kind: 'UNKNOWN' }

/**
 * The door's verdict without the server: unknown hash → UNKNOWN (not on this event's list, or
 * forged); checked in before the download or scanned here since → ALREADY_USED; owing money at the
 * download → COLLECT (the door takes it and records "Paid at the door" with the scan); else VALID.
 */
export function offlineVerdict(
  entries: readonly DoorListEntry[],
  pending: readonly (OfflineScan & { hash: string })[],
  hash: string,
): OfflineVerdict {
  const entry = entries.find((e) => e.hash === hash)
  if (!entry) return { kind: 'UNKNOWN' }
  if (entry.checkedInAt) return { kind: 'ALREADY_USED', at: entry.checkedInAt }
  const here = pending.find((p) => p.hash === hash)
  if (here) return { kind: 'ALREADY_USED', at: here.at }
  const who = { attendeeName: entry.attendeeName, typeName: entry.typeName }
  return entry.collectPence > 0
    ? { kind: 'COLLECT', ...who, collectPence: entry.collectPence }
    : { kind: 'VALID', ...who }
}

/** Most scans one sync may carry. */
export const MAX_SYNC_SCANS = 2000
