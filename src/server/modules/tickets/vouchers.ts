import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import {
  describeVoucher,
  discountedBasket,
  normaliseVoucherCode,
  voucherBasketRefusal,
  voucherColumns,
  voucherInputSchema,
  voucherRefusal,
  voucherUnlocks,
  type PricedLine,
  type VoucherKind,
} from '#core/tickets/vouchers.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { ticketTypes, ticketVouchers } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'

export type VoucherRow = typeof ticketVouchers.$inferSelect

const codeError = (message: string) =>
  new AppError('VALIDATION', message, { fields: [{ path: 'voucherCode', message }] })

/** A voucher of an event by the code the buyer typed; null when there is none. */
export async function voucherByCode(db: Db | Tx, eventId: string, code: string): Promise<VoucherRow | null> {
  const [row] = await db
    .select()
    .from(ticketVouchers)
    .where(and(eq(ticketVouchers.eventId, eventId), eq(ticketVouchers.code, normaliseVoucherCode(code))))
  return row ?? null
}

/**
 * The voucher a buyer gave, checked for this basket (core's voucherBasketRefusal, in words): a
 * VALIDATION error on the code field when it is unknown or refused.
 */
export async function usableVoucher(
  ctx: RequestContext,
  eventId: string,
  code: string,
  lines: readonly PricedLine[],
): Promise<VoucherRow> {
  const voucher = await voucherByCode(ctx.services.db, eventId, code)
  if (!voucher) throw codeError('There is no such code for this event.')
  const refusal = voucherBasketRefusal(voucher, lines, ctx.now())
  if (refusal) throw codeError(refusal)
  return voucher
}

/**
 * Count one use of a voucher for a hold, in the hold's transaction: one conditional update that
 * succeeds only while it is enabled, unexpired and `uses < max_uses`, holding the row until commit,
 * so concurrent holds queue on it and never use it more than allowed.
 */
export async function takeVoucherUse(ctx: RequestContext, tx: Tx, voucherId: string): Promise<void> {
  const rows = await tx
    .update(ticketVouchers)
    .set({ uses: sql`${ticketVouchers.uses} + 1` })
    .where(
      and(
        eq(ticketVouchers.id, voucherId),
        eq(ticketVouchers.disabled, false),
        or(isNull(ticketVouchers.expiresAt), gt(ticketVouchers.expiresAt, ctx.now())),
        or(isNull(ticketVouchers.maxUses), sql`${ticketVouchers.uses} < ${ticketVouchers.maxUses}`),
      ),
    )
    .returning({ id: ticketVouchers.id })
  if (rows.length === 0) throw new AppError('CONFLICT', 'Sorry: this code has just been used up.')
}

/** A held order that lapsed, was let go or was replaced gives its voucher's use back. */
export async function giveVoucherUseBack(tx: Tx, order: { voucherId: string | null }): Promise<void> {
  if (!order.voucherId) return
  await tx
    .update(ticketVouchers)
    .set({ uses: sql`greatest(${ticketVouchers.uses} - 1, 0)` })
    .where(eq(ticketVouchers.id, order.voucherId))
}

export interface VoucherCheck {
  eventSlug: string
  code: string
  /** The voucher's rules, so the basket prices it with core's discountedBasket as quantities change. */
  kind: VoucherKind | null
  amount: number
  typeIds: string[]
  valid: boolean
  /** Why it cannot be used, in words (null when valid). */
  reason: string | null
  description: string
  subtotalPence: number
  discountPence: number
  totalPence: number
  /** The hidden ticket types it unlocks (shown in the shop once the code is given). */
  unlocksTypeIds: string[]
}

/**
 * What a code does for a basket, or why not (the shop's "Have a voucher code?"): never an error for
 * a refused code, so the buyer reads the reason next to the field. Nothing is counted until the hold.
 */
export async function checkVoucher(
  ctx: RequestContext,
  input: { eventSlug: string; code: string; lines: readonly { ticketTypeId: string; quantity: number }[] },
): Promise<VoucherCheck> {
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const db = ctx.services.db
  const types = await db.select().from(ticketTypes).where(eq(ticketTypes.eventId, event.id))
  const priced: PricedLine[] = input.lines.flatMap((l) => {
    const type = types.find((t) => t.id === l.ticketTypeId)
    return type && l.quantity > 0 ? [{ ...l, unitPricePence: type.pricePence }] : []
  })
  const code = normaliseVoucherCode(input.code)
  const voucher = code ? await voucherByCode(db, event.id, code) : null
  const none = discountedBasket(null, priced)
  if (!voucher) {
    return {
      eventSlug: event.slug,
      code,
      kind: null,
      amount: 0,
      typeIds: [],
      valid: false,
      reason: 'There is no such code for this event.',
      description: '',
      ...none,
      unlocksTypeIds: [],
    }
  }
  const unlocks = types.filter((t) => t.hidden && voucherUnlocks(voucher, t.id)).map((t) => t.id)
  // An unlock code is good before its tickets are in the basket: it shows them.
  const reason =
    voucher.kind === 'UNLOCK' || priced.length === 0
      ? voucherRefusal(voucher, ctx.now())
      : voucherBasketRefusal(voucher, priced, ctx.now())
  const priceWith = reason ? none : discountedBasket(voucher, priced)
  return {
    eventSlug: event.slug,
    code,
    kind: voucher.kind,
    amount: voucher.amount,
    typeIds: voucher.typeIds,
    valid: reason === null,
    reason,
    description: describeVoucher(voucher),
    subtotalPence: priceWith.subtotalPence,
    discountPence: priceWith.discountPence,
    totalPence: priceWith.totalPence,
    unlocksTypeIds: reason ? [] : unlocks,
  }
}

/** The hidden types a code unlocks now (none for an unknown or refused code). */
export async function unlockedTypeIds(ctx: RequestContext, eventId: string, code: string | null | undefined) {
  if (!code) return []
  const voucher = await voucherByCode(ctx.services.db, eventId, code)
  if (!voucher || voucherRefusal(voucher, ctx.now())) return []
  return voucher.kind === 'UNLOCK' ? voucher.typeIds : []
}

/** An event's vouchers, newest first (ticket staff). */
export async function listVouchers(ctx: RequestContext, eventSlug: string): Promise<VoucherRow[]> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  const event = await findVisibleEvent(ctx, eventSlug)
  return ctx.services.db
    .select()
    .from(ticketVouchers)
    .where(eq(ticketVouchers.eventId, event.id))
    .orderBy(asc(ticketVouchers.createdAt), asc(ticketVouchers.code))
}

/** Create a voucher (ticket staff): its types must be the event's; a code is used once per event. */
export async function createVoucher(
  ctx: RequestContext,
  input: { eventSlug: string; voucher: unknown },
): Promise<VoucherRow> {
  const viewer = authorize(ctx.actor, 'admin.ticketAllocation')
  const parsed = voucherInputSchema.safeParse(input.voucher)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const v = voucherColumns(parsed.data)
  return withTx(ctx, async (tx) => {
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx })
    const types = await tx.select().from(ticketTypes).where(eq(ticketTypes.eventId, event.id))
    if (v.typeIds.some((id) => !types.some((t) => t.id === id))) {
      throw new AppError('VALIDATION', 'Choose ticket types of this event.', {
        fields: [{ path: 'typeIds', message: 'Choose ticket types of this event.' }],
      })
    }
    if (v.kind === 'UNLOCK' && v.typeIds.some((id) => !types.find((t) => t.id === id)?.hidden)) {
      const message = 'An unlock code is for hidden ticket types: mark them hidden first.'
      throw new AppError('VALIDATION', message, { fields: [{ path: 'typeIds', message }] })
    }
    const [row] = await tx
      .insert(ticketVouchers)
      .values({ ...v, eventId: event.id, createdBy: viewer.id, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning()
    if (!row) {
      const message = `${v.code} is already a code for this event.`
      throw new AppError('CONFLICT', message, { fields: [{ path: 'code', message }] })
    }
    await auditChange(tx, ctx, {
      action: 'tickets.voucherCreated',
      entityType: 'ticket_voucher',
      entityId: row.id,
      after: { code: row.code, does: describeVoucher(row), maxUses: row.maxUses, expiresAt: row.expiresAt },
    })
    return row
  })
}

/** Disable a voucher (ticket staff): refused from then on; holds already made keep their discount. */
export async function disableVoucher(
  ctx: RequestContext,
  input: { eventSlug: string; voucherId: string },
): Promise<VoucherRow> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  if (!/^[0-9a-f-]{36}$/i.test(input.voucherId)) throw new AppError('NOT_FOUND', 'No such voucher.')
  return withTx(ctx, async (tx) => {
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx })
    const [row] = await tx
      .update(ticketVouchers)
      .set({ disabled: true })
      .where(and(eq(ticketVouchers.id, input.voucherId), eq(ticketVouchers.eventId, event.id)))
      .returning()
    if (!row) throw new AppError('NOT_FOUND', 'No such voucher.')
    await auditChange(tx, ctx, {
      action: 'tickets.voucherDisabled',
      entityType: 'ticket_voucher',
      entityId: row.id,
      after: { code: row.code, uses: row.uses },
    })
    return row
  })
}
