import { formatPence } from '#core/money.ts'
import type { TicketStatus } from './tickets.ts'

// The door's rule (issue 27): every scan ends in one of three verdicts. ADMIT (green): the ticket is
// checked in. COLLECT (amber): the ticket is good but its order still owes money; the door takes this
// ticket's own price (never more than the order owes), records it with "Paid at the door" and only
// then checks the ticket in. REFUSE (red): used, another event's, unknown or cancelled. The server
// decides (check-in-ticket.ts, pay-at-door.ts); the offline door decides by the same rule from its
// downloaded list; both pages word it from here.

/** What a door scan found. */
export const SCAN_KINDS = ['VALID', 'COLLECT', 'ALREADY_USED', 'WRONG_EVENT', 'UNKNOWN'] as const
export type ScanKind = (typeof SCAN_KINDS)[number]

export const DOOR_VERDICTS = ['ADMIT', 'COLLECT', 'REFUSE'] as const
export type DoorVerdict = (typeof DOOR_VERDICTS)[number]

export const DOOR_VERDICT: Readonly<Record<ScanKind, DoorVerdict>> = {
  VALID: 'ADMIT',
  COLLECT: 'COLLECT',
  ALREADY_USED: 'REFUSE',
  WRONG_EVENT: 'REFUSE',
  UNKNOWN: 'REFUSE',
}

/** How money is taken at the door: notes and coins, or a card on the society's own reader. */
export const DOOR_PAYMENT_METHODS = ['CASH', 'CARD'] as const
export type DoorPaymentMethod = (typeof DOOR_PAYMENT_METHODS)[number]

export const DOOR_PAYMENT_WORDING: Readonly<Record<DoorPaymentMethod, string>> = {
  CASH: 'Cash',
  CARD: 'Card on our reader',
}

/** A ticket the door may let in, with what is left to take for it. */
export interface DoorTicket {
  attendeeName: string
  typeName: string
  seat?: string | null
}

/** What the door sees for a scanned code. */
export type ScanResult =
  | (DoorTicket & { kind: 'VALID'; paidPence?: number })
  | (DoorTicket & { kind: 'COLLECT'; collectPence: number; orderOwedPence: number; orderReference: string })
  | { kind: 'ALREADY_USED'; at: Date }
  | { kind: 'WRONG_EVENT' }
  | { kind: 'UNKNOWN' }

export const SCAN_LABEL: Readonly<Record<ScanKind, string>> = {
  VALID: 'Valid: let them in',
  COLLECT: 'Collect payment before letting them in',
  ALREADY_USED: 'Already used',
  WRONG_EVENT: 'Not for this event',
  UNKNOWN: 'Not a ticket (unknown or cancelled code)',
}

/**
 * What the door collects for one ticket: its own price, but never more than its order still owes
 * (a part-paid order, a discounted one). 0: nothing to collect, let them in.
 */
export function collectAtDoor(ticketPricePence: number, orderOwedPence: number): number {
  return Math.max(0, Math.min(ticketPricePence, orderOwedPence))
}

/** The verdict of a scan before anything is written: check in, collect first, or a refusal. */
export function scanVerdict(
  ticket: { eventId: string; status: TicketStatus; checkedInAt: Date | null } | undefined,
  eventId: string,
  collectPence = 0,
): 'CHECK_IN' | 'COLLECT' | 'ALREADY_USED' | 'WRONG_EVENT' | 'UNKNOWN' {
  if (!ticket || ticket.status === 'VOID') return 'UNKNOWN'
  if (ticket.eventId !== eventId) return 'WRONG_EVENT'
  if (ticket.status === 'CHECKED_IN') return 'ALREADY_USED'
  return collectPence > 0 ? 'COLLECT' : 'CHECK_IN'
}

/** The big line the door shows: "Collect £12.00", "Valid: let them in", "Already used". */
export function scanHeadline(scan: { kind: ScanKind; collectPence?: number | null }): string {
  if (scan.kind === 'COLLECT') return `Collect ${formatPence(scan.collectPence ?? 0)}`
  return SCAN_LABEL[scan.kind]
}

/**
 * The line under it about money: what this ticket costs and, when the order owes more than this
 * ticket, the order's own figure shown as the order's; for a ticket just paid, what was taken.
 */
export function scanMoneyLine(scan: {
  kind: ScanKind
  collectPence?: number | null
  orderOwedPence?: number | null
  orderReference?: string | null
  paidPence?: number | null
}): string | null {
  if (scan.kind === 'VALID' && scan.paidPence) return `Paid ${formatPence(scan.paidPence)} at the door.`
  if (scan.kind !== 'COLLECT') return null
  const owed = scan.orderOwedPence ?? 0
  const ticket = `Unpaid: collect ${formatPence(scan.collectPence ?? 0)} for this ticket, then press “Paid at the door”.`
  return owed > (scan.collectPence ?? 0)
    ? `${ticket} Order ${scan.orderReference ?? ''} owes ${formatPence(owed)} in all, for its other tickets too.`
    : ticket
}
