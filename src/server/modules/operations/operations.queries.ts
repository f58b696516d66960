import { stringify } from 'csv-stringify/sync'
import { and, eq, inArray } from 'drizzle-orm'
import { totalOutstanding, type OwedLine } from '#core/applications/payments.ts'
import { statusLabel } from '#core/applications/status-wording.ts'
import { moneyByMethod, type MoneyByMethod } from '#core/payments/money-by-method.ts'
import {
  filterParticipants,
  moneyByType,
  OPERATIONS_STATUSES,
  PARTICIPANT_COLUMNS,
  participantCells,
  type MoneyTotals,
  type ParticipantFilter,
  type ParticipantRow,
} from '#core/operations/participants.ts'
import type { RequestContext } from '#server/context.ts'
import { applications, payments, profiles, users } from '#server/db/schema/index.ts'
import { typeLabel } from '#server/modules/applications/application-types.ts'
import { findVisibleEvent, type EventRow } from '#server/modules/events/find-visible-event.ts'
import { ledgerOf, paymentsOfEvent } from '#server/modules/payments/payments.queries.ts'
import { authorize } from '#server/modules/shared/guards.ts'

export interface LineTotals {
  applicationType: string
  typeLabel: string
  key: string
  label: string
  dueDate: string | null
  owedPence: number
  paidPence: number
  outstandingPence: number
  /** Members with something outstanding on this line after its due date. */
  overdueCount: number
}

export interface OperationsOverview {
  event: EventRow
  rows: ParticipantRow[]
  byType: MoneyTotals[]
  byLine: LineTotals[]
  /**
   * Every payment and refund on the event's applications (withdrawn and cancelled ones too: their
   * refunds are money that went back) by method; net is what was paid.
   */
  byMethod: MoneyByMethod
}

/** Whether a line's due date (YYYY-MM-DD, end of that day) has passed with money still owed. */
export function lineOverdue(line: OwedLine, now: Date): boolean {
  return Boolean(line.dueDate) && line.outstandingPence > 0 && `${line.dueDate}T23:59:59Z` < now.toISOString()
}

/** Every application of the event in an operations status, with its applicant, needs and ledger. */
export async function loadParticipants(
  ctx: RequestContext,
  event: EventRow,
): Promise<{ rows: ParticipantRow[]; ledgers: Map<string, OwedLine[]> }> {
  const { db } = ctx.services
  // NOTE: the payments by the event, not by a list of every participant's id (issue 32).
  const [found, paid] = await Promise.all([
    db
      .select({ application: applications, name: users.name, email: users.email, profile: profiles })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .leftJoin(profiles, eq(profiles.userId, applications.userId))
      .where(and(eq(applications.eventId, event.id), inArray(applications.status, [...OPERATIONS_STATUSES]))),
    paymentsOfEvent(db, event.id, OPERATIONS_STATUSES),
  ])
  const now = ctx.now()
  const ledgers = new Map<string, OwedLine[]>()
  const rows = found.map(({ application: a, name, email, profile }): ParticipantRow => {
    const owes = a.status === 'CONFIRMED' || a.status === 'PAID'
    const ledger = owes ? ledgerOf(event, a, paid.get(a.id) ?? []) : []
    ledgers.set(a.id, ledger)
    const owedPence = ledger.reduce((s, l) => s + l.amountPence, 0)
    const outstandingPence = totalOutstanding(ledger)
    return {
      applicationId: a.id,
      userId: a.userId,
      name: profile?.preferredName?.trim() || name,
      email,
      applicationType: a.applicationType,
      typeLabel: typeLabel(event, a.applicationType),
      part: a.part,
      status: a.status,
      owedPence,
      paidPence: ledger.reduce((s, l) => s + l.paidPence, 0),
      outstandingPence,
      overdue: ledger.some((l) => lineOverdue(l, now)),
      dietary: profile?.dietaryRequirements ?? '',
      access: profile?.accessNeeds ?? '',
      ledger,
    }
  })
  return { rows, ledgers }
}

/** `/admin/operations/{eventSlug}`: the event's people and money (admins). */
export async function operationsOverview(ctx: RequestContext, slug: string): Promise<OperationsOverview> {
  authorize(ctx.actor, 'admin.general')
  const event = await findVisibleEvent(ctx, slug)
  const { rows, ledgers } = await loadParticipants(ctx, event)
  const now = ctx.now()
  const byLine = new Map<string, LineTotals>()
  for (const row of rows) {
    for (const line of ledgers.get(row.applicationId) ?? []) {
      const id = `${row.applicationType}/${line.key}`
      const t = byLine.get(id) ?? {
        applicationType: row.applicationType,
        typeLabel: row.typeLabel,
        key: line.key,
        label: line.label,
        dueDate: line.dueDate ?? null,
        owedPence: 0,
        paidPence: 0,
        outstandingPence: 0,
        overdueCount: 0,
      }
      t.owedPence += line.amountPence
      t.paidPence += line.paidPence
      t.outstandingPence += line.outstandingPence
      if (lineOverdue(line, now)) t.overdueCount += 1
      byLine.set(id, t)
    }
  }
  const ledger = await ctx.services.db
    .select({ method: payments.method, amountPence: payments.amountPence })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .where(eq(applications.eventId, event.id))
  return {
    event,
    rows,
    byType: moneyByType(rows),
    byLine: [...byLine.values()],
    byMethod: moneyByMethod(ledger),
  }
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
function csvSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) && !/^-?\d/.test(cell) ? `'${cell}` : cell
}

/** The rows the filter shows as CSV, header first: exactly the table's rows (admins only). */
export async function exportParticipantsCsv(
  ctx: RequestContext,
  slug: string,
  filter: ParticipantFilter,
): Promise<string> {
  const { rows } = await operationsOverview(ctx, slug)
  const shown = filterParticipants(rows, filter)
  return stringify([
    [...PARTICIPANT_COLUMNS],
    ...shown.map((r) => participantCells(r, (s) => statusLabel(s, 'staff')).map(csvSafe)),
  ])
}
